import {
  changeEmailConfirmRoute,
  changeEmailRoute,
  changePasswordRoute,
  loginRoute,
  logoutRoute,
  passwordResetConfirmRoute,
  passwordResetRequestRoute,
  refreshRoute,
  registerRoute,
  registrationConfirmRoute,
  tokenConfirmRoute,
  verifyTokenRoute,
  yandexAuthorizeRoute,
  yandexTokenRoute,
} from "@nadoy/contract/users";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.ts";
import { registerRoute as route } from "../../platform/routes.ts";
import { createAuthService } from "./auth.service.ts";
import { deviceCookies } from "./device-cookie.ts";
import { loginThrottle } from "./login-throttle.ts";
import { createYandexService } from "./yandex.service.ts";

const REGISTRATION_MAILED = "Мы отправили письмо на указанный адрес. Следуйте указаниям из него.";
const RESET_REQUESTED = "Если адрес зарегистрирован, мы отправили на него письмо со ссылкой для смены пароля.";

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const auth = createAuthService({
    db,
    signAccess: (claims) => app.jwt.sign(claims, { expiresIn: deps.config.ACCESS_TOKEN_TTL_SECONDS }),
    refreshTtlSeconds: deps.config.REFRESH_TOKEN_TTL_SECONDS,
    publicUrl: deps.publicUrl,
    loginFailures: deps.loginFailures,
    loginThrottle: loginThrottle(deps.accountFailures),
    mailQueued: () => void deps.mailer.kick(),
    afterAnswer: (label, work) => deps.afterAnswer.run(label, work),
    sessionsEnded: (filter) => deps.realtime.endSessions(filter),
  });
  const yandex = createYandexService({
    db,
    auth,
    mailQueued: () => void deps.mailer.kick(),
    config: {
      clientId: deps.config.YANDEX_CLIENT_ID,
      clientSecret: deps.config.YANDEX_CLIENT_SECRET,
      authorizeUrl: deps.config.YANDEX_AUTHORIZE_URL,
      tokenUrl: deps.config.YANDEX_TOKEN_URL,
      infoUrl: deps.config.YANDEX_INFO_URL,
      redirectUri: `${deps.publicUrl}/yandex/token/redirect`,
    },
    signState: (claims) => app.jwt.sign(claims, { expiresIn: 600 }),
    verifyState: (state) => app.jwt.verify(state),
  });

  const devices = deviceCookies(deps.deviceCookieKey, deps.publicUrl.startsWith("https:"), deps.now);
  route(app, db, loginRoute, async ({ body, ip, request, reply }) => {
    const cookies = request.headers.cookie;
    const { pair, userId } = await auth.login(body, ip, (id) => devices.proves(cookies, id));
    reply.header("set-cookie", devices.issue(userId));
    return pair;
  });
  route(app, db, refreshRoute, ({ body, ip }) => auth.refresh(body.refresh, ip));
  route(app, db, verifyTokenRoute, async ({ user }) => ({ user_id: user.id }));
  route(app, db, logoutRoute, async ({ user, body, ip }) => {
    await auth.logout(user, body.refresh, ip);
    return null;
  });
  route(app, db, changePasswordRoute, async ({ user, body, ip }) => {
    await auth.changePassword(user, body, ip);
    return { detail: "Пароль изменён. Остальные сеансы входа завершены." };
  });
  route(app, db, changeEmailRoute, ({ user, body, ip }) => auth.requestEmailChange(user, body, ip));
  route(app, db, changeEmailConfirmRoute, async ({ body, ip }) => {
    const email = await auth.confirmEmailChange(body.token, ip);
    return { detail: `Адрес электронной почты изменён на ${email}.`, email };
  });
  route(app, db, registerRoute, async ({ body, ip }) => {
    await auth.register(body, ip);
    // The same whether the address was new (a confirmation link) or taken (its owner is told).
    return { detail: REGISTRATION_MAILED };
  });
  route(app, db, registrationConfirmRoute, async ({ body, ip }) => {
    await auth.confirmRegistration(body.token, ip);
    return { detail: "Регистрация подтверждена. Теперь можно войти." };
  });
  route(app, db, passwordResetRequestRoute, async ({ body, ip }) => {
    auth.requestPasswordReset(body.email, ip);
    return { detail: RESET_REQUESTED };
  });
  route(app, db, passwordResetConfirmRoute, async ({ body, ip }) => {
    await auth.resetPassword(body.token, body.password, ip);
    return { detail: "Пароль изменён. Войдите с новым паролем." };
  });
  route(app, db, tokenConfirmRoute, async ({ body, ip }) => {
    const kind = await auth.confirmToken(body.token, ip);
    return {
      kind,
      detail:
        kind === "registration_confirm"
          ? "Регистрация подтверждена. Теперь можно войти."
          : "Код верный. Задайте новый пароль.",
    };
  });
  route(app, db, yandexAuthorizeRoute, async () => yandex.authorizeUrl());
  route(app, db, yandexTokenRoute, ({ body, ip }) => yandex.signIn(body.code, body.state, ip));
}
