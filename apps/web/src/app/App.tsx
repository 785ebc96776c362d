import { RouterProvider } from 'react-router';
import { router } from './routes.tsx';

// RouterProvider from 'react-router', not 'react-router/dom': under vitest's node conditions the /dom entry
// loads a second copy of the router contexts (blank app). The /dom one only adds flushSync, which we don't use.
export default function App() {
  return <RouterProvider router={router} />;
}
