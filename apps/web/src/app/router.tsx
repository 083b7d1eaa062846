import { lazy } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { RequireSession } from "../features/auth/components/RequireSession.tsx";
import { paths } from "../shared/lib/paths.ts";
import { RootBoundary } from "./RootBoundary.tsx";
import { RouteError } from "./RouteError.tsx";

// Layouts and pages are chunks of their own, loaded when a route first needs them.
const FullPageLayout = lazy(() => import("./layouts/FullPageLayout.tsx").then((m) => ({ default: m.FullPageLayout })));
const AppLayout = lazy(() => import("./layouts/AppLayout.tsx").then((m) => ({ default: m.AppLayout })));
const LoginPage = lazy(() => import("../features/auth/pages/LoginPage.tsx").then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import("../features/auth/pages/RegisterPage.tsx").then((m) => ({ default: m.RegisterPage })),
);
const RegistrationConfirmPage = lazy(() =>
  import("../features/auth/pages/RegistrationConfirmPage.tsx").then((m) => ({ default: m.RegistrationConfirmPage })),
);
const SubmitEmailPage = lazy(() =>
  import("../features/auth/pages/SubmitEmailPage.tsx").then((m) => ({ default: m.SubmitEmailPage })),
);
const TokenConfirmPage = lazy(() =>
  import("../features/auth/pages/TokenConfirmPage.tsx").then((m) => ({ default: m.TokenConfirmPage })),
);
const ResetPasswordPage = lazy(() =>
  import("../features/auth/pages/ResetPasswordPage.tsx").then((m) => ({ default: m.ResetPasswordPage })),
);
const YandexRedirectPage = lazy(() =>
  import("../features/auth/pages/YandexRedirectPage.tsx").then((m) => ({ default: m.YandexRedirectPage })),
);
const LogoutPage = lazy(() => import("../features/auth/pages/LogoutPage.tsx").then((m) => ({ default: m.LogoutPage })));
const HomePage = lazy(() => import("../features/home/pages/HomePage.tsx").then((m) => ({ default: m.HomePage })));

/** Spec §2 route table (the part built so far); unknown paths go to "/". */
export const routes: RouteObject[] = [
  {
    element: <RootBoundary />,
    errorElement: <RouteError />,
    children: [
      {
        element: <FullPageLayout />,
        children: [
          { path: "login", element: <LoginPage /> },
          { path: "register", element: <RegisterPage /> },
          { path: "registration-confirm/:token", element: <RegistrationConfirmPage /> },
          { path: "submit-email", element: <SubmitEmailPage /> },
          { path: "token-confirm", element: <TokenConfirmPage /> },
          { path: "reset-password/:token", element: <ResetPasswordPage /> },
          { path: "yandex/token/redirect", element: <YandexRedirectPage /> },
          { path: "logout", element: <LogoutPage /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [{ element: <AppLayout />, children: [{ index: true, element: <HomePage /> }] }],
      },
      { path: "*", element: <Navigate to={paths.home} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
