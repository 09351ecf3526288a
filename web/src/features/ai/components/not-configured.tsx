import { Alert, Code, Text } from '@mantine/core';

/** The assistant has no provider: says so and how to configure one (nothing fakes a reply). */
export function NotConfigured({ hint }: { hint: string }) {
  return (
    <Alert color="yellow" title="AI 助手尚未配置" role="status" aria-label="AI 助手尚未配置">
      <Text size="sm">暂时无法对话，管理员配置模型服务后即可使用。</Text>
      {hint && (
        <Code block mt="xs">
          {hint}
        </Code>
      )}
    </Alert>
  );
}
