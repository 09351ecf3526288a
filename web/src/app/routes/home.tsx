import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { KNOWLEDGE_REPOSITORY_MENU_CODE } from '@/config/constants';
import { paths } from '@/config/paths';
import { menuHasCode, useSession } from '@/lib/session';
import { Banner } from '@/features/home/components/banner';
import { BrowserWarning } from '@/features/home/components/browser-warning';
import { CloudDriveNotice } from '@/features/home/components/cloud-drive-notice';
import { CountCards } from '@/features/home/components/count-cards';
import { KnowledgeBaseIntroDialog } from '@/features/home/components/knowledge-base-intro-dialog';
import { useBanner } from '@/features/home/hooks/use-banner';
import { myFeedbackPath } from '@/features/teaching/teaching-paths';

/** /main/home (spec 01 §2 "Home page"). */
export function HomeRoute() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const menu = useSession((s) => s.menu);
  const banner = useBanner();
  const goToRepository = () => navigate(paths.knowledgeRepositoryMainSpace.path);

  return (
    <Stack gap="md" p="md">
      <BrowserWarning />
      {banner.info && <Banner info={banner.info} onClose={banner.close} />}
      <Title order={3}>{user ? `${user.userName}，欢迎回来` : '欢迎'}</Title>
      {menuHasCode(menu, KNOWLEDGE_REPOSITORY_MENU_CODE) && <CloudDriveNotice onGo={goToRepository} />}
      <CountCards links={{ todoTasks: myFeedbackPath('due') }} />
      <KnowledgeBaseIntroDialog onGo={goToRepository} />
    </Stack>
  );
}
