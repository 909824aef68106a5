import { mobileLanding } from './api.ts';
import { LandingChoice } from './LandingSettingPage.tsx';

/** The mobile widget's landing instance (/atk/landing): the /mobile page's instance. */
export default function MobileLandingPage() {
  return <LandingChoice source={mobileLanding} />;
}
