import { BrowserRouter } from 'react-router';
import { AppRoutes } from './routes.tsx';

// BrowserRouter from 'react-router', not 'react-router/dom': under vitest's node conditions the /dom entry loads a
// second copy of the router contexts (blank app).
export default function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
