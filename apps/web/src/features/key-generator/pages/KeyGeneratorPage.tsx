import { PlusOutlined } from "@ant-design/icons";
import type { ApiKey, CreatedKey } from "@nadoy/contract/keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Empty, Flex, Select, Skeleton, Tooltip, Typography } from "antd";
import { useState } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { useUserData } from "../../../shared/hooks/use-user-data.ts";
import { errorMessage } from "../../../shared/lib/api-error.ts";
import { href } from "../../../shared/routes/href.ts";
import { BreadcrumbName } from "../../../shared/ui/BreadcrumbName.tsx";
import { keygenQueryKey, revokeApiKey, useKeygenWorkspace } from "../api.ts";
import { CreateKeyForm } from "../components/CreateKeyForm.tsx";
import { KeysTable } from "../components/KeysTable.tsx";
import { SecretModal } from "../components/SecretModal.tsx";

const NO_DATABASE =
  "Нет базы, куда ключ мог бы передавать данные: нужна база мониторинга или база стада компании, открытая вам";

/**
 * /services/key_generator/:uuid? — a company's keys for upload agents and monitoring devices
 * (contract keys.ts): choose the workspace, see its keys, create one (the secret shown once),
 * revoke one. Without a uuid: the first workspace of users/data.
 */
export function KeyGeneratorPage() {
  const { uuid } = useParams();
  const user = useUserData();
  const workspaces = user.data?.keygen_workspaces ?? [];
  const workspace = useKeygenWorkspace(uuid);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedKey | null>(null);

  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(key.uuid),
    onSuccess: (key) => {
      message.success(`Ключ «${key.name}» отозван`);
      return queryClient.invalidateQueries({ queryKey: keygenQueryKey(uuid ?? "") });
    },
    onError: (error) => message.error(errorMessage(error)),
  });

  const first = workspaces[0];
  if (!uuid && first) return <Navigate to={href.keyGenerator({ uuid: first.uuid })} replace />;

  const confirmRevoke = (key: ApiKey) =>
    modal.confirm({
      title: `Отозвать ключ «${key.name}»?`,
      content: "Устройства и программы с этим ключом сразу перестанут передавать данные. Отменить отзыв нельзя.",
      okText: "Отозвать",
      okButtonProps: { danger: true },
      cancelText: "Отмена",
      onOk: () => revoke.mutateAsync(key).catch(() => undefined),
    });

  const data = workspace.data;
  return (
    <Flex vertical gap="middle">
      {data ? <BreadcrumbName name={data.name} /> : null}
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Генератор ключей
        </Typography.Title>
        <Flex gap="small" wrap>
          {workspaces.length > 1 ? (
            <Select
              aria-label="Рабочее пространство"
              value={uuid}
              style={{ minWidth: 220 }}
              options={workspaces.map((ws) => ({ value: ws.uuid, label: ws.name }))}
              onChange={(value: string) => navigate(href.keyGenerator({ uuid: value }))}
            />
          ) : null}
          {data ? (
            // A key writes into one database: without one the form could only end in «Нет подходящих баз».
            // The span hears the pointer for the tooltip: a disabled button gets no mouse events.
            <Tooltip title={data.databases.length === 0 ? NO_DATABASE : undefined}>
              <span>
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  disabled={data.databases.length === 0}
                  onClick={() => setCreating(true)}
                >
                  Создать ключ
                </Button>
              </span>
            </Tooltip>
          ) : null}
        </Flex>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Ключи нужны программам на ферме и устройствам мониторинга, чтобы передавать данные без входа: показания датчиков
        и счётчиков — в базу мониторинга, выгрузки стада — в базу стада. Каждый ключ пишет только в свою базу.
      </Typography.Paragraph>
      {!uuid && user.isSuccess ? (
        <Empty description="Вам не доступно ни одно пространство ключей: ключи выдают сотрудники компании, кроме наблюдателей и клиентов. Обратитесь к администратору компании." />
      ) : null}
      {workspace.isPending && uuid ? <Skeleton active /> : null}
      {workspace.isError ? <Alert type="error" showIcon title={errorMessage(workspace.error)} /> : null}
      {data && data.keys.length === 0 ? (
        <Empty
          description={
            data.databases.length === 0
              ? "Ключей пока нет. Чтобы создать ключ, нужна база мониторинга или база стада компании, открытая вам: попросите администратора дать к ней доступ."
              : "Ключей пока нет. Нажмите «Создать ключ», выберите назначение и базу — и передайте ключ программе или устройству на ферме."
          }
        />
      ) : null}
      {data && data.keys.length > 0 ? (
        <KeysTable
          keys={data.keys}
          onRevoke={confirmRevoke}
          revoking={revoke.isPending ? (revoke.variables?.uuid ?? null) : null}
        />
      ) : null}
      {data ? (
        <CreateKeyForm
          workspace={data}
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            void queryClient.invalidateQueries({ queryKey: keygenQueryKey(data.uuid) });
          }}
        />
      ) : null}
      {/* Unmounted at once when closed: the secret leaves the page with the dialog. */}
      {created ? <SecretModal created={created} onClose={() => setCreated(null)} /> : null}
    </Flex>
  );
}
