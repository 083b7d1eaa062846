import { expect, test } from "@playwright/test";
import { E2E_USERS } from "../e2e-users.ts";
import { submitLogin, TERMS_CHECKBOX, termsDialog } from "./helpers.ts";

test("the terms dialog cannot be dismissed until ticked, then it is gone for good", async ({ page }) => {
  await submitLogin(page, E2E_USERS.terms.username);
  const dialog = termsDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: "условия использования" })).toHaveAttribute(
    "href",
    "/terms-of-service",
  );

  // Escape, and a click on the dimmed page beside the dialog: it stays.
  await page.keyboard.press("Escape");
  await page.mouse.click(8, 400);
  await expect(dialog).toBeVisible();
  // The page under it cannot be used meanwhile: the dialog's backdrop takes every click.
  const profileButton = await page.getByRole("button", { name: "Меню профиля" }).boundingBox();
  if (!profileButton) throw new Error("the profile menu button is not on the page");
  const hit = { x: profileButton.x + profileButton.width / 2, y: profileButton.y + profileButton.height / 2 };
  const coveredByDialog = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest(".ant-modal-wrap") != null,
    hit,
  );
  expect(coveredByDialog).toBe(true);

  const accepted = page.waitForResponse(
    (r) => r.url().endsWith("/api/users/user_profile/") && r.request().method() === "PATCH",
  );
  await dialog.getByRole("checkbox", { name: TERMS_CHECKBOX }).click();
  const answer = await accepted;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON()).toEqual({ read_status: true });
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.getByText(/Здравствуйте/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Уведомления" })).toBeVisible();
  await expect(termsDialog(page)).toHaveCount(0);
});
