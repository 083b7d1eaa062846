/** Links to the app's pages (spec §2 route table), one place for every href. */
export const paths = {
  home: "/",
  login: "/login",
  register: "/register",
  logout: "/logout",
  submitEmail: "/submit-email",
  tokenConfirm: "/token-confirm",
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  registrationConfirm: (token: string) => `/registration-confirm/${encodeURIComponent(token)}`,
  yandexRedirect: "/yandex/token/redirect",
} as const;
