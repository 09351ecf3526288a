import { Anchor, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useStore } from '@/lib/store';
import { browserAddress, type DesktopBridge, desktopBridge } from '../desktop-bridge';

export const UPGRADE_PROMPT_TITLE = '请升级桌面客户端';
export const UPGRADE_PROMPT_TEXT =
  '当前客户端版本过低，无法复制图片。请安装新版客户端，或复制下面的地址在浏览器中打开继续使用。';

/**
 * The upgrade prompt of an old desktop client (03 §7.12): shown when it refuses to copy an image;
 * links the new version and gives the address to open in a browser. Mounted once, by the app.
 */
export function DesktopUpgradePrompt({ bridge = desktopBridge }: { bridge?: DesktopBridge }) {
  const opened = useStore(bridge.prompt);
  const version = useStore(bridge.version);
  const address = opened ? browserAddress() : '';
  return (
    <Modal opened={opened} onClose={() => bridge.closePrompt()} title={UPGRADE_PROMPT_TITLE} centered>
      <Stack>
        <Text size="sm">{UPGRADE_PROMPT_TEXT}</Text>
        {version && (
          <Text size="xs" c="dimmed">
            当前版本 {version.current || '未知'}，最低需要 {version.minimum}，最新版本 {version.latest}
          </Text>
        )}
        <TextInput label="浏览器访问地址" value={address} readOnly onFocus={(e) => e.currentTarget.select()} />
        <Group justify="flex-end">
          {version?.downloadUrl && (
            <Anchor href={version.downloadUrl} target="_blank" rel="noreferrer" size="sm">
              下载新版客户端
            </Anchor>
          )}
          <CopyButton value={address}>
            {({ copied, copy }) => <Button onClick={copy}>{copied ? '已复制' : '复制地址'}</Button>}
          </CopyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
