import { Notification, Portal } from '@mantine/core';
import { realtime, type RealtimeClient } from '@/lib/realtime';
import { useStore } from '@/lib/store';
import { useSaveToKnowledgeRealtime } from '../hooks/use-save-to-knowledge-realtime';
import { messageTop } from '../knowledge-save-rules';
import { dismissMessage, knowledgeSaveStore } from '../save-result-store';
import classes from './save-result-messages.module.css';

export interface SaveResultMessagesProps {
  /** The signed-in user (e-mail); nothing is read without one. */
  user: string | null;
  client?: RealtimeClient;
}

/**
 * The save-to-knowledge results (03 §4): each finished record once, as messages stacked 60 px
 * apart from 80 px below the top of the window.
 */
export function SaveResultMessages({ user, client = realtime }: SaveResultMessagesProps) {
  useSaveToKnowledgeRealtime(user, client);
  const messages = useStore(knowledgeSaveStore, (s) => s.messages);
  if (messages.length === 0) return null;
  return (
    <Portal>
      {messages.map((m, index) => (
        <Notification
          key={m.id}
          className={classes.message}
          style={{ top: messageTop(index) }}
          color={m.success ? 'green' : 'red'}
          withBorder
          closeButtonProps={{ 'aria-label': '关闭' }}
          onClose={() => dismissMessage(m.id)}
          data-record={m.id}
        >
          {m.text}
        </Notification>
      ))}
    </Portal>
  );
}
