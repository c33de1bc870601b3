import Classify from './Classify';
import Templates from './Templates';

/** The pages of the product plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/product-manage/classify', Component: Classify },
  { path: '/product-manage/template', Component: Templates },
];

export default routes;
