import { fireEvent, waitFor } from "@testing-library/react";

const optionTitled = (title: string) => document.querySelector(`.ant-select-item-option[title="${title}"]`);

/** Opens an antd select and clicks its option `title`. */
export async function pickOption(combobox: HTMLElement, title: string) {
  fireEvent.mouseDown(combobox);
  const option = await waitFor(() => {
    const found = optionTitled(title);
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
  fireEvent.click(option);
}
