import { FavouritesPage } from '@/components/favourites/favourites-page';
import type { View } from '../kind';
import type { FavouritesRoute } from './kind';

export const FavouritesView: View<FavouritesRoute> = ({ language }) => <FavouritesPage language={language} />;
