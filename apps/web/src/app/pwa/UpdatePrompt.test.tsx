import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { createAppUpdates, type WorkerLike } from './appUpdates';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * jsdom has no service workers: these stand in for the browser's ServiceWorker,
 * ServiceWorkerRegistration and ServiceWorkerContainer with real EventTargets and their events.
 */
class Worker extends EventTarget implements WorkerLike {
  readonly messages: unknown[] = [];
  constructor(public state: string) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class Registration extends EventTarget {
  installing: Worker | null = null;
  waiting: Worker | null = null;
  /** A new version found on the server starts installing, then waits. */
  install(worker: Worker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    worker.become('installed');
    this.installing = null;
    this.waiting = worker;
  }
}

class Container extends EventTarget {
  constructor(public controller: object | null) {
    super();
  }
}

function arrange({ controlled = true }: { controlled?: boolean } = {}) {
  const updates = createAppUpdates(() => {
    throw new Error('no reload without a click');
  });
  const registration = new Registration();
  const container = new Container(controlled ? {} : null);
  updates.watch(registration, container);
  return { updates, registration };
}

const READY = 'A new version of Wordhoard is ready';

describe('UpdatePrompt', () => {
  it('offers a new version that finished installing', async () => {
    const { updates, registration } = arrange();
    await renderWithProviders(<UpdatePrompt updates={updates} />, { path: '/menu' });
    expect(screen.queryByText(READY)).not.toBeInTheDocument();

    act(() => registration.install(new Worker('installing')));

    expect(await screen.findByRole('status')).toHaveTextContent(READY);
    expect(screen.getByRole('button', { name: 'Reload to update' })).toBeInTheDocument();
  });

  it('waits until a running test is left before offering it', async () => {
    const { updates, registration } = arrange();
    const { router } = await renderWithProviders(<UpdatePrompt updates={updates} />, {
      path: '/testing/check',
    });
    act(() => registration.install(new Worker('installing')));
    expect(screen.queryByText(READY)).not.toBeInTheDocument();

    await act(() => router.navigate('/testing/finish'));
    expect(screen.queryByText(READY)).not.toBeInTheDocument();

    await act(() => router.navigate('/menu'));
    expect(await screen.findByRole('status')).toHaveTextContent(READY);
  });

  it('switches only on the click: asks the waiting version to take over, reloads once it has', async () => {
    const worker = new Worker('installed');
    const reloads: string[] = [];
    const updates = createAppUpdates(() => reloads.push('reload'));
    const registration = new Registration();
    registration.waiting = worker;
    const container = new Container({});
    // A version that was already waiting when the page loaded is offered too.
    updates.watch(registration, container);
    const { user } = await renderWithProviders(<UpdatePrompt updates={updates} />, { path: '/dictionaries' });
    expect(worker.messages).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Reload to update' }));
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reloads).toEqual([]);

    act(() => {
      worker.become('activated');
      container.dispatchEvent(new Event('controllerchange'));
    });
    expect(reloads).toEqual(['reload']);
  });

  it('offers nothing on the first install, which no running version is replaced by', async () => {
    const { updates, registration } = arrange({ controlled: false });
    await renderWithProviders(<UpdatePrompt updates={updates} />, { path: '/menu' });
    act(() => registration.install(new Worker('installing')));
    expect(updates.isWaiting()).toBe(false);
    expect(screen.queryByText(READY)).not.toBeInTheDocument();
  });
});
