/** The two layouts, chunks of their own (the sign-in pages never load the shell). */
export const loadFullPageLayout = () => import("./FullPageLayout.tsx");
export const loadAppLayout = () => import("./AppLayout.tsx");
