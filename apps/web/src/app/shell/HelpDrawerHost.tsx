import { lazy, type ReactNode, Suspense, useState } from "react";

// The help drawer and its code load on the first opening, not with the shell.
const HelpDrawer = lazy(() =>
  import("../../features/instructions/components/HelpDrawer.tsx").then((module) => ({ default: module.HelpDrawer })),
);

/**
 * «Инструкции»: the help drawer's state, for whichever control opens it (the navbar button on wide
 * screens, the profile menu's item on phones). `drawer` is mounted from the first opening on.
 */
export function useHelpDrawer(): { open: () => void; drawer: ReactNode } {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return {
    open: () => {
      setLoaded(true);
      setOpen(true);
    },
    drawer: loaded ? (
      <Suspense fallback={null}>
        <HelpDrawer open={open} onClose={() => setOpen(false)} />
      </Suspense>
    ) : null,
  };
}
