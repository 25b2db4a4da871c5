import { ListingsPage } from '@/components/catalogue/listings-page';
import type { View } from '../kind';
import type { ListRoute } from './kind';

export const ListView: View<ListRoute> = ({ route, language }) => <ListingsPage goal={route.page === 'for-sale' ? 'sale' : 'rent'} language={language} />;
