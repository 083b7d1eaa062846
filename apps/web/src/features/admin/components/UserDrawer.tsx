import type { UserData } from "@nadoy/contract/users";
import { Button, Drawer, Flex, Typography } from "antd";
import { PageSpinner } from "../../../shared/ui/PageSpinner.tsx";
import { useAdminUser } from "../api.ts";
import { UserForm } from "./UserForm.tsx";

/** Which user the drawer shows: "new" for the create form, an id to edit, null when closed. */
export type DrawerTarget = "new" | number | null;

function EditUser({ me, id, onClose }: { me: UserData; id: number; onClose: () => void }) {
  const user = useAdminUser(id);
  if (user.isPending) return <PageSpinner text="Загрузка…" />;
  if (user.isError) {
    return (
      <Flex gap="small" align="center">
        <Typography.Text type="secondary">Пользователь не загрузился.</Typography.Text>
        <Button size="small" onClick={() => void user.refetch()}>
          Повторить
        </Button>
      </Flex>
    );
  }
  return <UserForm key={user.data.id} me={me} user={user.data} onDone={onClose} />;
}

/** The create and edit form in a drawer beside the users' table. */
export function UserDrawer({ me, target, onClose }: { me: UserData; target: DrawerTarget; onClose: () => void }) {
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size="large"
      title={target === "new" ? "Новый пользователь" : "Пользователь"}
      destroyOnHidden
    >
      {target === "new" ? <UserForm me={me} onDone={onClose} /> : null}
      {typeof target === "number" ? <EditUser me={me} id={target} onClose={onClose} /> : null}
    </Drawer>
  );
}
