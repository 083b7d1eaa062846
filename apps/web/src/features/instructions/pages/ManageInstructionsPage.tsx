import { PlusOutlined } from "@ant-design/icons";
import { Button, Flex, Typography } from "antd";
import { useState } from "react";
import { useManagedInstructions } from "../api.ts";
import { type EditTarget, InstructionEditDrawer } from "../components/InstructionEditDrawer.tsx";
import { InstructionsGate } from "../components/InstructionsGate.tsx";
import { InstructionsTable } from "../components/InstructionsTable.tsx";

function ManageInstructions() {
  const list = useManagedInstructions();
  const [target, setTarget] = useState<EditTarget>(null);
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={2} style={{ margin: 0 }}>
          Управление инструкциями
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget("new")}>
          Добавить инструкцию
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        Пользователи видят опубликованные инструкции в этом порядке, по кнопке «?» в верхней панели.
      </Typography.Text>
      {list.isError ? (
        <Flex gap="small" align="center">
          <Typography.Text type="secondary">Список инструкций не загрузился.</Typography.Text>
          <Button size="small" onClick={() => void list.refetch()}>
            Повторить
          </Button>
        </Flex>
      ) : (
        <InstructionsTable items={list.data ?? []} loading={list.isPending} onEdit={(uuid) => setTarget({ uuid })} />
      )}
      <InstructionEditDrawer target={target} onClose={() => setTarget(null)} />
    </Flex>
  );
}

/** /manage-instructions — editors' list of every help article (drafts too), its order and its form. */
export function ManageInstructionsPage() {
  return <InstructionsGate>{() => <ManageInstructions />}</InstructionsGate>;
}
