// AI 助手 (/aiAssistant, 03 §2, §7.9): 欢迎页, a greeting and the input that starts a conversation;
// 对话页, the conversations and the open one's messages, replies streamed by push. Titled as the
// user's menu names them.

import { routesByName } from '@/config/paths';
import { ChatPage } from '@/features/ai/components/chat-page';
import { WelcomePage } from '@/features/ai/components/welcome-page';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';

function useTitle(name: string): string {
  return usePageTitle(name, routesByName.get(name)?.title) ?? '';
}

/** /aiAssistant/welcomePage */
export function AiWelcomePageRoute() {
  return <WelcomePage title={useTitle('aiWelcomePage')} />;
}

/** /aiAssistant/chatPage?conversationId= */
export function AiChatPageRoute() {
  return <ChatPage title={useTitle('aiChatPage')} />;
}
