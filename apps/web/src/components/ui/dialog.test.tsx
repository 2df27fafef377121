import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { Dialog } from './dialog';

function Harness({ dismissable = true, nested = false }: { dismissable?: boolean; nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <a href="#elsewhere">Elsewhere</a>
      {open && (
        <Dialog title="Outer" closeLabel="Close outer" onClose={() => setOpen(false)} dismissable={dismissable} footer={<button type="button">Save</button>}>
          <p id="about">Something to read.</p>
          <input aria-label="Name" />
          {nested && (
            <button type="button" onClick={() => setInner(true)}>
              Open inner
            </button>
          )}
          {inner && (
            <Dialog title="Inner" closeLabel="Close inner" onClose={() => setInner(false)}>
              <button type="button">Inner action</button>
            </Dialog>
          )}
        </Dialog>
      )}
    </div>
  );
}

describe('Dialog', () => {
  test('is a labelled modal dialog; focus goes to its first field and the page behind is inert', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    const dialog = screen.getByRole('dialog', { name: 'Outer' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(screen.getByText('Elsewhere').closest('[inert]')).not.toBeNull();
    expect(document.body.style.overflow).toBe('hidden');
  });

  test('Tab and Shift+Tab stay inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    await user.tab(); // Name → Save
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab(); // Save → first (the × button)
    expect(screen.getByRole('button', { name: 'Close outer' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  test('Escape and × close it; focus returns to what opened it and the page is usable again', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(screen.getByText('Elsewhere').closest('[inert]')).toBeNull();
    expect(document.body.style.overflow).toBe('');

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close outer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Escape still closes it when focus fell to the page body', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('while not dismissable, Escape does nothing and × is disabled', async () => {
    const user = userEvent.setup();
    render(<Harness dismissable={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close outer' })).toBeDisabled();
  });

  test('stacked dialogs: Escape closes only the newest', async () => {
    const user = userEvent.setup();
    render(<Harness nested />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getByRole('button', { name: 'Inner action' })).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();
  });

  test('a screen left with stacked dialogs open gives the page its scrolling back, whichever closes first', async () => {
    const user = userEvent.setup();
    const view = render(<Harness nested />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(document.body.style.overflow).toBe('hidden');

    // React unmounts the outer dialog before the inner one.
    view.unmount();

    expect(document.body.style.overflow).toBe('');
    expect(document.querySelector('[inert]')).toBeNull();
  });
});
