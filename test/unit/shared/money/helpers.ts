import { JobRequest } from '../../../../src/shared/schemas/jobs'
import { ModelPrice, type ModelPriceFile } from '../../../../src/shared/money/prices'

/** A job request as the contract carries it, checked by its schema so the tests send only real shapes. */
export const job = (request: unknown): JobRequest => JobRequest.parse(request)

/** A model's price from its file form ("0.04"), as a table gives it. */
export const price = (file: ModelPriceFile): ModelPrice => ModelPrice.parse(file)
