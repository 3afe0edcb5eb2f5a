import { WallboardLayout } from '../shell/WallboardLayout';
import { boot } from './boot';

// The TV's own entry (wallboard.html): the models and the wallboard, without the navigation regions' code.
boot('wallboard', <WallboardLayout />);
