import { everyone, INVALID, type Row, signedIn } from "./types.ts";

// Sign-in, registration, the caller's own account, app config and health, page hits, the bell.
// Public routes answer everyone alike; their bodies here are invalid (400), so nobody signs in,
// registers or is mailed. The caller's own writes (logout, password change) get invalid bodies
// too, so that no caller's session ends in the middle of the matrix.

export const authRows: Row[] = [
  { route: "GET /api/health", expected: everyone(200) },
  { route: "GET /api/config/", expected: everyone(200) },
  { route: "POST /api/users/token/", expected: everyone(400), send: () => ({ body: INVALID }) },
  { route: "POST /api/users/token/refresh/", expected: everyone(400), send: () => ({ body: INVALID }) },
  { route: "POST /api/users/register/", expected: everyone(400), send: () => ({ body: INVALID }) },
  { route: "POST /api/users/registration_confirm/", expected: everyone(400), send: () => ({ body: INVALID }) },
  { route: "POST /api/users/password_reset/", expected: everyone(400), send: () => ({ body: INVALID }) },
  { route: "POST /api/users/password_reset/confirm/", expected: everyone(400), send: () => ({ body: INVALID }) },
  { route: "POST /api/users/token_confirm/", expected: everyone(400), send: () => ({ body: INVALID }) },
  {
    route: "GET /api/users/yandex/authorize_url/",
    expected: everyone(503),
    note: "Yandex ID is not configured in the test app: 503 for everyone alike",
  },
  { route: "POST /api/users/yandex/token/", expected: everyone(400), send: () => ({ body: INVALID }) },
  { route: "GET /api/users/verify_token/", expected: signedIn(200) },
  { route: "POST /api/users/logout/", expected: signedIn(400), send: () => ({ body: INVALID }) },
  { route: "GET /api/users/data/", expected: signedIn(200) },
  { route: "GET /api/users/user_profile/", expected: signedIn(200) },
  {
    route: "PATCH /api/users/user_profile/",
    expected: signedIn(400),
    send: () => ({ body: INVALID }),
  },
  { route: "POST /api/users/change_password/", expected: signedIn(400), send: () => ({ body: INVALID }) },
  {
    route: "POST /api/users/change_email/",
    expected: signedIn(400),
    send: () => ({ body: INVALID }),
    note: "an invalid body is 400 for every signed-in caller; role 6's 403 for a valid one: email-change.test.ts",
  },
  { route: "POST /api/users/change_email/confirm/", expected: everyone(400), send: () => ({ body: INVALID }) },
  { route: "POST /api/analytics/page_hit/", expected: signedIn(204), send: () => ({ body: { path: "/" } }) },
  { route: "POST /api/news/user_notifications/", expected: signedIn(200), send: () => ({ body: {} }) },
  { route: "PUT /api/news/user_notifications/", expected: signedIn(205), send: () => ({ body: [] }) },
];
