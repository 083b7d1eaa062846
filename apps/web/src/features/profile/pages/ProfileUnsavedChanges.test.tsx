import type { UserProfilePatch } from "@nadoy/contract/users";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userProfileFixture } from "../../../test/fixtures.ts";
import { answerLeaveQuestion, leaveQuestionShown } from "../../../test/leave-question.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { everythingUserData, mockSignedIn } from "../../../test/signed-in.ts";

/** A user whose profile follows every PATCH, as the server does. */
function serveProfile() {
  let profile = userProfileFixture();
  mockSignedIn(everythingUserData({ groups: [3] }), {
    "GET /api/users/user_profile/": () => ({ status: 200, body: profile }),
    "PATCH /api/users/user_profile/": (call) => {
      profile = { ...profile, ...(call.body as UserProfilePatch) };
      return { status: 200, body: profile };
    },
  });
}

const servicesTab = () => screen.getByRole("tab", { name: "Сервисы" });

describe("profile settings keep unsaved work", { timeout: 60_000 }, () => {
  it("asks before switching to another tab with a changed name; «Остаться» keeps it", async () => {
    serveProfile();
    const { router } = renderApp("/userprofile/settings");
    const firstName = (await screen.findByLabelText("Имя", {}, { timeout: 30_000 })) as HTMLInputElement;
    fireEvent.change(firstName, { target: { value: "Пётр" } });

    fireEvent.click(servicesTab());
    await answerLeaveQuestion("Остаться");
    expect(router.state.location.pathname).toBe("/userprofile/settings");
    expect(firstName.value).toBe("Пётр");
  });

  it("asks about a half-typed new password too", async () => {
    serveProfile();
    const { router } = renderApp("/userprofile/settings");
    fireEvent.change(await screen.findByLabelText("Новый пароль", {}, { timeout: 30_000 }), {
      target: { value: "new-secret-1" },
    });

    fireEvent.click(servicesTab());
    await answerLeaveQuestion("Уйти");
    await waitFor(() => expect(router.state.location.pathname).toBe("/userprofile/services"));
  });

  it("does not ask once the names are saved", async () => {
    serveProfile();
    const { router } = renderApp("/userprofile/settings");
    fireEvent.change(await screen.findByLabelText("Имя", {}, { timeout: 30_000 }), { target: { value: "Пётр" } });
    fireEvent.click(screen.getByRole("button", { name: "Сохранить" }));
    await screen.findByText("Данные профиля сохранены");

    fireEvent.click(servicesTab());
    await waitFor(() => expect(router.state.location.pathname).toBe("/userprofile/services"));
    expect(leaveQuestionShown()).toBe(false);
  });
});
