import { Center, Loader, Stack, Text } from '@mantine/core';
import { DEFAULT_LOADING_TEXT } from '@/lib/loading';

export function PageLoader() {
  return (
    <Center h="100vh">
      <Stack align="center" gap="xs">
        <Loader />
        <Text size="sm" c="dimmed">
          {DEFAULT_LOADING_TEXT}
        </Text>
      </Stack>
    </Center>
  );
}
