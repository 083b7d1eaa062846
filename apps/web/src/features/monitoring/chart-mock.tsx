// ECharts draws nothing in jsdom: the tests' stand-in for echarts-for-react shows the option as
// text — the categories, then each series' name, type, values («!» before a highlighted one),
// «пунктир» for a dashed line and its threshold line.

interface MockSeries {
  name: string;
  type: string;
  data: (number | null | { value: number })[];
  lineStyle?: { type?: string };
  markLine?: { data: { yAxis: number }[] };
}

const valueText = (v: MockSeries["data"][number]) =>
  v === null ? "—" : typeof v === "number" ? String(v) : `!${v.value}`;

export function ChartMock({ option }: { option: { xAxis: { data: string[] }; series: MockSeries[] } }) {
  return (
    <p data-testid="chart">
      {option.xAxis.data.join(", ")} |{" "}
      {option.series
        .map(
          (s) =>
            `${s.name}: ${s.type}${s.lineStyle?.type === "dashed" ? " пунктир" : ""} [${s.data.map(valueText).join(" ")}]${
              s.markLine ? ` порог ${s.markLine.data[0]?.yAxis}` : ""
            }`,
        )
        .join("; ")}
    </p>
  );
}
