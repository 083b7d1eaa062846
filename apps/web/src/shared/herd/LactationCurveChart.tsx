import type { HerdTestDay } from "@nadoy/contract/herd";
import { LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import ReactEChartsCore from "echarts-for-react/esm/core";
import { useTheme } from "../hooks/use-theme.ts";
import { lactationCurveOption } from "./lactation-curve-option.ts";

// Loaded lazily by the animal card (ECharts is heavy): only the parts this chart uses are registered.
echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** Milk kg by days in milk, one line per lactation; fat, protein and SCC in the tooltip. */
export function LactationCurveChart({ testDays }: { testDays: readonly HerdTestDay[] }) {
  const dark = useTheme() === "black";
  return (
    <figure aria-label="Лактационная кривая" style={{ margin: 0 }}>
      <ReactEChartsCore
        echarts={echarts}
        option={lactationCurveOption(testDays)}
        notMerge
        theme={dark ? "dark" : undefined}
        opts={{ renderer: "svg" }}
        style={{ height: 300, width: "100%" }}
      />
    </figure>
  );
}
