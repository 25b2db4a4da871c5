import { ThankYouPage } from '@/components/content/thank-you-page';
import type { View } from '../kind';
import type { ThankYouRoute } from './kind';

export const ThankYouView: View<ThankYouRoute> = ({ route, language }) => <ThankYouPage route={route} language={language} />;
