import { fireEvent, render, screen } from '@testing-library/react'
import { useState, type ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { SegmentedControl } from '@renderer/ui/SegmentedControl'
import { TabPanel, Tabs } from '@renderer/ui/Tabs'

type Style = 'chat' | 'messages' | 'responses'

function Styles({ disabled }: { disabled?: Style }): ReactElement {
  const [style, setStyle] = useState<Style>('chat')
  return (
    <SegmentedControl
      label="Style"
      value={style}
      onChange={setStyle}
      options={(['chat', 'messages', 'responses'] as const).map((value) => ({
        value,
        label: value,
        disabled: value === disabled
      }))}
    />
  )
}

describe('ui/SegmentedControl', () => {
  it('is a named radio group whose arrow keys choose the neighbour, wrapping at the ends', () => {
    render(<Styles />)
    const group = screen.getByRole('radiogroup', { name: 'Style' })
    const chat = screen.getByRole('radio', { name: 'chat' })
    expect(chat).toBeChecked()
    chat.focus()
    fireEvent.keyDown(chat, { key: 'ArrowRight' })
    expect(screen.getByRole('radio', { name: 'messages' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'messages' })).toHaveFocus()
    fireEvent.keyDown(group, { key: 'End' })
    expect(screen.getByRole('radio', { name: 'responses' })).toBeChecked()
    fireEvent.keyDown(group, { key: 'ArrowDown' })
    expect(chat).toBeChecked()
    fireEvent.keyDown(group, { key: 'ArrowLeft' })
    expect(screen.getByRole('radio', { name: 'responses' })).toBeChecked()
  })

  it('skips a disabled segment', () => {
    render(<Styles disabled="messages" />)
    fireEvent.keyDown(screen.getByRole('radio', { name: 'chat' }), { key: 'ArrowRight' })
    expect(screen.getByRole('radio', { name: 'responses' })).toBeChecked()
  })
})

function Views(): ReactElement {
  const [view, setView] = useState<'images' | 'usage'>('images')
  return (
    <>
      <Tabs
        idBase="views"
        label="Views"
        value={view}
        onChange={setView}
        tabs={[
          { value: 'images', label: 'Images' },
          { value: 'usage', label: 'Usage' }
        ]}
      />
      <TabPanel idBase="views" value={view}>
        {view}
      </TabPanel>
    </>
  )
}

describe('ui/Tabs', () => {
  it('keeps only the selected tab in the Tab order and moves with the arrow keys, the panel following', () => {
    render(<Views />)
    const images = screen.getByRole('tab', { name: 'Images' })
    const usage = screen.getByRole('tab', { name: 'Usage' })
    expect(images).toHaveAttribute('tabindex', '0')
    expect(usage).toHaveAttribute('tabindex', '-1')
    fireEvent.keyDown(images, { key: 'ArrowRight' })
    expect(usage).toHaveAttribute('aria-selected', 'true')
    expect(usage).toHaveFocus()
    expect(screen.getByRole('tabpanel', { name: 'Usage' })).toHaveTextContent('usage')
  })
})
