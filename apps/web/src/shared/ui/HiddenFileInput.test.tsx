import { render } from "@testing-library/react";
import { Form } from "antd";
import { describe, expect, it } from "vitest";
import { AppProviders } from "../../app/providers.tsx";
import { CoverField } from "../../features/news/components/CoverField.tsx";
import { AttachButton } from "../attachments/AttachButton.tsx";
import { createQueryClient } from "../lib/query-client.ts";

/** What the eye gets: laid out (antd's form styles make file inputs `display: block`) and not clipped away. */
function shown(input: HTMLInputElement): boolean {
  const style = getComputedStyle(input);
  return style.display !== "none" && !/^rect\(0(px)?, 0(px)?, 0(px)?, 0(px)?\)$/.test(style.clip);
}

describe("file inputs inside a form (no browser «Choose File / No file chosen» beside the Russian buttons)", () => {
  it("keeps every native file input out of sight but labelled", () => {
    const view = render(
      <AppProviders queryClient={createQueryClient()}>
        <Form>
          <Form.Item label="Обложка" name="cover">
            <CoverField />
          </Form.Item>
          <AttachButton onFiles={() => {}}>Прикрепить файл</AttachButton>
        </Form>
      </AppProviders>,
    );
    const inputs = [...view.container.querySelectorAll<HTMLInputElement>("input[type=file]")];
    expect(inputs).toHaveLength(2);
    for (const input of inputs) {
      expect(shown(input)).toBe(false);
      expect(input.getAttribute("aria-label")).toMatch(/[а-я]/i);
    }
  });
});
