import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppContext } from './app/App';
import { applyCspNonce } from './shared/security/cspNonce';
import './shared/ui/styles';

async function bootstrap() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  applyCspNonce();
  // Rendering waits for the language's strings, so no untranslated keys ever flash.
  const context = await createAppContext();
  createRoot(container).render(
    <StrictMode>
      <App {...context} />
    </StrictMode>,
  );
}

void bootstrap();
