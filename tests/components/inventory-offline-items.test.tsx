// Items made and edited with no connection (docs/inventory.md "The items read"), rendered for real
// against the in-process backend: a manager opens /inventory once with signal, then the backend
// goes out of reach; a new item and an edit of another show in the items list at once, each
// marked "Saved on this phone — will sync" (the badge other areas' queued writes carry), also
// after the app starts again; back online each lands once and the list shows the server's rows,
// each once and no longer marked.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, expect, it } from 'vitest';
import { listEntries } from '@/offline/queue';
import { backOnline, endOutages, goOffline, service, withOutages } from './outage';
import { renderRoute, restartAt } from './render-route';

withOutages();

const SLOW = { timeout: 30_000 };
const tag = Date.now().toString(36).toUpperCase();
const NEW = `Offline towel ${tag}`;
const NEW_SKU = `OFF-NEW-${tag}`;
const OLD = `Offline soap ${tag}`;
const OLD_SKU = `OFF-OLD-${tag}`;
const RENAMED = `Offline soap XL ${tag}`;
const WAITING = 'Saved on this phone — will sync';

afterEach(() => {
  cleanup();
  backOnline();
});

afterAll(async () => {
  endOutages();
  await service.from('inventory_items').update({ active: false }).like('sku', `OFF-%-${tag}`);
});

/** The items list's entry of an item (its card), by the item's name. */
const cards = (name: string) =>
  within(screen.getByTestId('inventory-items'))
    .queryAllByRole('button', { name })
    .map((b) => b.closest('li')!);

it(
  'an item made and one edited offline show in the list at once, waiting; once sent, each is the real row, once',
  { timeout: 150_000 },
  async () => {
    const made = await service
      .from('inventory_items')
      .insert({ name: OLD, sku: OLD_SKU, category: 'amenities' })
      .select('id')
      .single();
    if (made.error) throw made.error;
    const oldId = made.data.id;

    // Opened once with signal: the items are kept on this device.
    await renderRoute('/inventory', 'manager');
    const user = userEvent.setup();
    const list = await screen.findByTestId('inventory-items', {}, SLOW);
    await within(list).findByRole('button', { name: OLD }, SLOW);

    goOffline();
    // A new item, with no connection: back to the list, where it shows at once, waiting.
    await user.click(screen.getByRole('button', { name: 'New item' }));
    const form = await screen.findByRole('form', { name: 'New item' }, SLOW);
    await user.type(within(form).getByLabelText('Name'), NEW);
    await user.type(within(form).getByLabelText('SKU'), NEW_SKU);
    await user.click(within(form).getByRole('button', { name: 'Create item' }));
    await waitFor(() => expect(cards(NEW)).toHaveLength(1), SLOW);
    expect(within(cards(NEW)[0]!).getByText(WAITING)).toBeTruthy();
    expect(within(cards(NEW)[0]!).getByLabelText('On hand in all places').textContent).toMatch(
      /^0\b/,
    );
    // Not yet on the server.
    expect((await service.from('inventory_items').select('id').eq('sku', NEW_SKU)).data).toEqual(
      [],
    );

    // An edit with no connection: the list shows the new name, waiting, and not the old one.
    cleanup();
    restartAt(`/inventory?view=edit-item&edit=${oldId}`);
    const edit = await screen.findByRole('form', { name: 'Edit item' }, SLOW);
    await user.clear(within(edit).getByLabelText('Name'));
    await user.type(within(edit).getByLabelText('Name'), RENAMED);
    await user.click(within(edit).getByRole('button', { name: 'Save item' }));
    await waitFor(async () => expect(await listEntries()).toHaveLength(2), SLOW);

    // The app started again, still offline: both shown from this device, waiting.
    cleanup();
    restartAt('/inventory');
    await screen.findByTestId('inventory-items', {}, SLOW);
    await waitFor(() => expect(cards(RENAMED)).toHaveLength(1), SLOW);
    expect(within(cards(RENAMED)[0]!).getByText(WAITING)).toBeTruthy();
    expect(cards(OLD)).toHaveLength(0);
    expect(cards(NEW)).toHaveLength(1);
    expect(within(cards(NEW)[0]!).getByText(WAITING)).toBeTruthy();

    // Back online: both land, once; the list shows the server's rows, once each, not waiting.
    act(() => backOnline());
    await waitFor(async () => expect(await listEntries()).toHaveLength(0), SLOW);
    const sent = await service.from('inventory_items').select('id,name').eq('sku', NEW_SKU);
    expect(sent.data).toHaveLength(1);
    const renamed = await service.from('inventory_items').select('name').eq('id', oldId).single();
    expect(renamed.data?.name).toBe(RENAMED);
    await waitFor(() => {
      expect(cards(NEW)).toHaveLength(1);
      expect(within(cards(NEW)[0]!).queryByText(WAITING)).toBeNull();
      expect(cards(RENAMED)).toHaveLength(1);
      expect(within(cards(RENAMED)[0]!).queryByText(WAITING)).toBeNull();
    }, SLOW);
    // And after a reload, from the server.
    cleanup();
    restartAt('/inventory');
    await screen.findByTestId('inventory-items', {}, SLOW);
    await waitFor(() => expect(cards(NEW)).toHaveLength(1), SLOW);
    expect(within(cards(NEW)[0]!).queryByText(WAITING)).toBeNull();
  },
);
