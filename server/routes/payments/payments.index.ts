import { Hono } from 'hono'
import type { AppEnv } from '../../app-env.ts'
import * as handlers from './payments.handlers.ts'
import * as contracts from './payments.routes.ts'

export const paymentRoutes = new Hono<AppEnv>()
  .post(contracts.orderPayCard.path, ...handlers.orderPayCardHandlers)
  .post(contracts.orderPaySbps.path, ...handlers.orderPaySbpsHandlers)
  .post(contracts.orderPayPaypal.path, ...handlers.orderPayPaypalHandlers)
  .post(contracts.finalPayCard.path, ...handlers.finalPayCardHandlers)
  .post(contracts.finalPaySbps.path, ...handlers.finalPaySbpsHandlers)
  .post(contracts.finalPayPaypal.path, ...handlers.finalPayPaypalHandlers)
  .post(contracts.expressPayCard.path, ...handlers.expressPayCardHandlers)
  .post(contracts.expressPaySbps.path, ...handlers.expressPaySbpsHandlers)
  .post(contracts.expressPayPaypal.path, ...handlers.expressPayPaypalHandlers)
  .get(contracts.payStatus.path, ...handlers.payStatusHandlers)
  .get(contracts.payLatch.path, ...handlers.payLatchHandlers)
  .get(contracts.sandboxPayment.path, ...handlers.sandboxPaymentHandlers)
  .post(contracts.sandboxOutcome.path, ...handlers.sandboxOutcomeHandlers)
  .post(contracts.webhook.path, ...handlers.webhookHandlers)
  .get(contracts.providerReturnGet.path, ...handlers.providerReturnHandlers)
  .post(contracts.providerReturnPost.path, ...handlers.providerReturnHandlers)
  .get(contracts.sbpsSubmitScript.path, ...handlers.sbpsSubmitScriptHandlers)
  .get(contracts.sbpsForm.path, ...handlers.sbpsFormHandlers)
