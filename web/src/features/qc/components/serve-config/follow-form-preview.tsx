import { Badge, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { formatText } from '@/lib/report-format';
import { useFollowForm } from '../../api/services';
import { FIELD_KINDS } from '../../service-form';

const KIND_NAMES = new Map<string, string>(FIELD_KINDS.map((k) => [k.value, k.label]));

export interface FollowFormPreviewProps {
  /** The service whose form is shown; null: closed. */
  serviceId: number | null;
  onClose: () => void;
}

/** 表单预览: the follow-up form staff fill when they punch the service, as the server gives it. */
export function FollowFormPreview({ serviceId, onClose }: FollowFormPreviewProps) {
  const query = useFollowForm(serviceId);
  const form = query.data;
  return (
    <Modal opened={serviceId !== null} onClose={onClose} title="表单预览" size="lg">
      {!form ? (
        query.isFetching && <Loader size="sm" aria-label="加载中" />
      ) : (
        <Stack gap="sm">
          <Text fw={500}>{form.serviceName}</Text>
          {form.fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              该服务没有表单字段，打卡时只填写服务内容
            </Text>
          ) : (
            <Table withTableBorder fz="sm" aria-label="表单字段">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>字段名称</Table.Th>
                  <Table.Th>字段标识</Table.Th>
                  <Table.Th>类型</Table.Th>
                  <Table.Th>选项</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.fields.map((f) => (
                  <Table.Tr key={f.key}>
                    <Table.Td>
                      <Group gap={4}>
                        {f.label}
                        {f.required && (
                          <Badge size="xs" color="red" variant="light">
                            必填
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{f.key}</Table.Td>
                    <Table.Td>{KIND_NAMES.get(f.kind) ?? f.kind}</Table.Td>
                    <Table.Td>{formatText(f.options.join('、'))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}
