import { type FormEvent, useState } from 'react'
import type { PackageStatus } from '../../domain/package-status.ts'

/**
 * The filters and page of an outbound list on the console (the packing queue, the packages): a
 * status (`''` for all), a keyword taken from its draft on search, and the page; choosing a status,
 * searching or resetting goes back to page 1.
 */
export function useStatusKeywordQuery(initialStatus: string, pageSize: number) {
  const [status, setStatus] = useState(initialStatus)
  const [draft, setDraft] = useState('')
  const [keyword, setKeyword] = useState('')
  const [pageNum, setPageNum] = useState(1)
  const query = {
    status: status === '' ? undefined : (Number(status) as PackageStatus),
    keyword: keyword || undefined,
    pageNum,
    pageSize,
  }

  const chooseStatus = (next: string) => {
    setStatus(next)
    setPageNum(1)
  }
  const search = (event: FormEvent) => {
    event.preventDefault()
    setKeyword(draft.trim())
    setPageNum(1)
  }
  const reset = () => {
    setDraft('')
    setKeyword('')
    setStatus(initialStatus)
    setPageNum(1)
  }
  return { status, chooseStatus, draft, setDraft, query, setPageNum, search, reset }
}
