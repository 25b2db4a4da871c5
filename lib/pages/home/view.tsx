import { HomePage } from '@/components/content/home-page';
import type { View } from '../kind';
import type { HomeRoute } from './kind';

export const HomeView: View<HomeRoute> = ({ language }) => <HomePage language={language} />;
