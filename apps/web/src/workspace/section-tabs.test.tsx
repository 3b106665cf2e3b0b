import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SectionTabs } from './section-tabs';

type Section = 'chat' | 'analysis' | 'notes';

/** Three tabs with their panels, the middle one disabled unless told otherwise, as the workspace holds them. */
function Sections({ analysisDisabled = true }: { analysisDisabled?: boolean }) {
  const [value, setValue] = useState<Section>('chat');
  return (
    <>
      <SectionTabs
        label="Workspace sections"
        value={value}
        onChange={setValue}
        tabs={[
          { value: 'chat', label: 'Chat', id: 'tab-chat', panelId: 'panel-chat' },
          { value: 'analysis', label: 'Analysis', id: 'tab-analysis', panelId: 'panel-analysis', disabled: analysisDisabled },
          { value: 'notes', label: 'Notes', id: 'tab-notes', panelId: 'panel-notes' },
        ]}
      />
      {(['chat', 'analysis', 'notes'] as const).map((section) => (
        <div key={section} role="tabpanel" id={`panel-${section}`} aria-labelledby={`tab-${section}`} hidden={value !== section}>
          {section} panel
        </div>
      ))}
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('SectionTabs', () => {
  it('is a named tab list whose chosen tab is selected, names its panel, and is the one tab stop', async () => {
    const user = userEvent.setup();
    render(<Sections />);
    expect(screen.getByRole('tablist', { name: 'Workspace sections' })).toBeInTheDocument();
    expect(tab('Chat')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Chat')).toHaveAttribute('aria-controls', 'panel-chat');
    expect(tab('Notes')).toHaveAttribute('aria-selected', 'false');
    expect(tab('Analysis')).toBeDisabled();
    expect(screen.getByRole('tabpanel', { name: 'Chat' })).toHaveTextContent('chat panel');

    await user.tab();
    expect(tab('Chat')).toHaveFocus();
    // Tab leaves the list rather than walking its tabs.
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('moves the focus with the arrow keys, Home and End, over the enabled tabs only, and chooses with Enter or a click', async () => {
    const user = userEvent.setup();
    render(<Sections />);
    await user.click(tab('Chat'));
    await user.keyboard('{ArrowRight}');
    // The disabled Analysis tab is passed over.
    expect(tab('Notes')).toHaveFocus();
    // Moving the focus does not choose.
    expect(tab('Chat')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(tab('Chat')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Notes')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Chat')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Notes')).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(tab('Notes')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Notes')).toHaveAttribute('tabindex', '0');
    expect(tab('Chat')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Notes' })).toHaveTextContent('notes panel');

    await user.click(tab('Chat'));
    expect(tab('Chat')).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tabpanel', { name: 'Notes' })).not.toBeInTheDocument();
  });

  it('reaches a tab once it is enabled', async () => {
    const user = userEvent.setup();
    render(<Sections analysisDisabled={false} />);
    await user.click(tab('Chat'));
    await user.keyboard('{ArrowRight}');
    expect(tab('Analysis')).toHaveFocus();
    await user.keyboard(' ');
    expect(tab('Analysis')).toHaveAttribute('aria-selected', 'true');
  });
});
