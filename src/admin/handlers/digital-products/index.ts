// Handlers of the Digital products operations (scopes digital_products:read, digital_products:write).
import { archiveDigitalProduct } from './archiveDigitalProduct.ts';
import { createDigitalProduct } from './createDigitalProduct.ts';
import { deleteDigitalProduct } from './deleteDigitalProduct.ts';
import { getDigitalProduct } from './getDigitalProduct.ts';
import { listDigitalProducts } from './listDigitalProducts.ts';
import { publishDigitalProduct } from './publishDigitalProduct.ts';
import { updateDigitalProduct } from './updateDigitalProduct.ts';

export const digitalProductHandlers = {
  archiveDigitalProduct,
  createDigitalProduct,
  deleteDigitalProduct,
  getDigitalProduct,
  listDigitalProducts,
  publishDigitalProduct,
  updateDigitalProduct,
};
