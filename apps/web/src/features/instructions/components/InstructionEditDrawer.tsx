import { Button, Drawer, Flex, Typography } from "antd";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useManagedInstruction } from "../api.ts";
import { InstructionForm } from "./InstructionForm.tsx";

/** What the drawer shows: "new" for the create form, an article's uuid to edit, null when closed. */
export type EditTarget = "new" | { uuid: string } | null;

function EditInstruction({ uuid, onClose }: { uuid: string; onClose: () => void }) {
  const item = useManagedInstruction(uuid);
  if (item.isPending) return <PageSpinner text="Загрузка…" />;
  if (item.isError) {
    return (
      <Flex gap="small" align="center">
        <Typography.Text type="secondary">Инструкция не загрузилась.</Typography.Text>
        <Button size="small" onClick={() => void item.refetch()}>
          Повторить
        </Button>
      </Flex>
    );
  }
  return <InstructionForm key={item.data.uuid} item={item.data} onDone={onClose} onCancel={onClose} />;
}

/** The create and edit form in a drawer beside the articles' table. */
export function InstructionEditDrawer({ target, onClose }: { target: EditTarget; onClose: () => void }) {
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size="large"
      title={target === "new" ? "Новая инструкция" : "Изменить инструкцию"}
      destroyOnHidden
    >
      {target === "new" ? <InstructionForm onDone={onClose} onCancel={onClose} /> : null}
      {target !== null && target !== "new" ? <EditInstruction uuid={target.uuid} onClose={onClose} /> : null}
    </Drawer>
  );
}
