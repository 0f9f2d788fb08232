import { PACKAGE_STATUS_INFO } from '../../domain/package-status.ts'
import type { CodeInfo } from '../../domain/status-flow.ts'

/** A weight in grams as a shopper reads it: grams under a kilogram, else kilograms (1.42 kg). */
export function weightText(grams: number): string {
  if (grams < 1000) return `${grams} g`
  return `${Number((grams / 1000).toFixed(2))} kg`
}

/** A box's outside size in centimetres (mm on the wire): 30 × 20 × 15 cm. */
export function sizeText(box: { lengthMm: number; widthMm: number; heightMm: number }): string {
  const cm = (mm: number) => Number((mm / 10).toFixed(1))
  return `${cm(box.lengthMm)} × ${cm(box.widthMm)} × ${cm(box.heightMm)} cm`
}

/** The label and tone of a package status; an unknown code (a newer server) shows as itself in blue. */
export function packageStatusInfo(status: number): CodeInfo {
  const known = (PACKAGE_STATUS_INFO as Record<number, CodeInfo | undefined>)[status]
  return known ?? { tone: 'other', label: { zhCn: String(status), ja: String(status), en: String(status) } }
}

/** The package pages' paths: its detail, and paying its fee. */
export const packageDetailHref = (pkg: { applyId: number; id: number }) =>
  `/package/product/${pkg.applyId}/${pkg.id}`
export const payShippingHref = (pkg: { applyId: number; id: number }) =>
  `/shipping?packageId=${pkg.id}&applyId=${pkg.applyId}`
