import { Button, Drawer, Flex, Typography } from "antd";
import { useUnsavedChangesGuard } from "../../../shared/hooks/use-unsaved-changes-guard.ts";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useManagedInstruction } from "../api.ts";
import { InstructionForm } from "./InstructionForm.tsx";

/** What the drawer shows: "new" for the create form, an article's uuid to edit, null when closed. */
export type EditTarget = "new" | { uuid: string } | null;

interface FormActions {
  onEdit: () => void;
  onDone: () => void;
  onCancel: () => void;
}

function EditInstruction({ uuid, actions }: { uuid: string; actions: FormActions }) {
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
  return <InstructionForm key={item.data.uuid} item={item.data} {...actions} />;
}

/**
 * The create and edit form in a drawer beside the articles' table. Closing it (or leaving the page)
 * with unsaved changes asks first.
 */
export function InstructionEditDrawer({ target, onClose }: { target: EditTarget; onClose: () => void }) {
  const guard = useUnsavedChangesGuard();
  const close = () => guard.confirmLeave(onClose);
  const actions: FormActions = {
    onEdit: () => guard.setDirty(true),
    onDone: () => {
      guard.setDirty(false);
      onClose();
    },
    onCancel: close,
  };
  return (
    <Drawer
      open={target !== null}
      onClose={close}
      size="large"
      title={target === "new" ? "Новая инструкция" : "Изменить инструкцию"}
      destroyOnHidden
    >
      {target === "new" ? <InstructionForm {...actions} /> : null}
      {target !== null && target !== "new" ? <EditInstruction uuid={target.uuid} actions={actions} /> : null}
    </Drawer>
  );
}
