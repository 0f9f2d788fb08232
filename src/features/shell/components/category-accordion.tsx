import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { css } from '../../../../styled-system/css'
import { HrefLink } from '../../../components/ui/href-link.tsx'
import { type CategoryNode, categoryNameIn } from '../../../domain/catalog.ts'
import type { Language } from '../../../domain/language.ts'
import { productSearchHref } from '../../catalog/search-link.ts'
import { ChevronIcon } from './icons.tsx'

const list = css({ display: 'flex', flexDirection: 'column' })
const row = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  width: 'full',
  px: '2',
  py: '2.5',
  fontSize: 'sm',
  textAlign: 'start',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'border',
  cursor: 'pointer',
  _hover: { color: 'primary' },
  _focusVisible: { outline: '2px solid', outlineColor: 'secondary', outlineOffset: '-2px' },
})
const chevron = css({
  transition: 'transform 0.15s',
  '[aria-expanded=true] > &': { transform: 'rotate(90deg)' },
})
const children = css({ pl: '4', '&[hidden]': { display: 'none' } })

function ParentCategory(props: { node: CategoryNode; language: Language }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const listId = useId()
  const name = categoryNameIn(props.language, props.node)
  return (
    <li>
      <button
        type="button"
        className={row}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {name}
        <span className={chevron}>
          <ChevronIcon />
        </span>
      </button>
      <ul id={listId} className={children} hidden={!open}>
        <li>
          <HrefLink href={productSearchHref({ category: props.node.id })} className={row}>
            {t`全部${name}`}
          </HrefLink>
        </li>
        {props.node.children.map((child) => (
          <li key={child.id}>
            <HrefLink href={productSearchHref({ category: child.id })} className={row}>
              {categoryNameIn(props.language, child)}
            </HrefLink>
          </li>
        ))}
      </ul>
    </li>
  )
}

/**
 * The phone menu's categories (spec §2 'Header (mobile)'): a parent opens to show its children, and a
 * tap on a category opens its products.
 */
export function CategoryAccordion(props: { tree: CategoryNode[]; language: Language }) {
  return (
    <ul className={list}>
      <li>
        <HrefLink href={productSearchHref({})} className={row}>
          <Trans>全部</Trans>
        </HrefLink>
      </li>
      {props.tree.map((node) =>
        node.children.length > 0 ? (
          <ParentCategory key={node.id} node={node} language={props.language} />
        ) : (
          <li key={node.id}>
            <HrefLink href={productSearchHref({ category: node.id })} className={row}>
              {categoryNameIn(props.language, node)}
            </HrefLink>
          </li>
        ),
      )}
    </ul>
  )
}
