import { DemoVideoPage } from '@/features/help/components/demo-video-page';
import { FeatureIntroPage } from '@/features/help/components/feature-intro-page';
import { UpdateLogPage } from '@/features/help/components/update-log-page';

/** /help/demoVideo: shown when no external demo video is configured. */
export function HelpDemoVideoRoute() {
  return <DemoVideoPage />;
}

/** /help/featureIntro */
export function HelpFeatureIntroRoute() {
  return <FeatureIntroPage />;
}

/** /help/updateLog */
export function HelpUpdateLogRoute() {
  return <UpdateLogPage />;
}
