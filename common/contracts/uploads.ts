import { z } from 'zod';

/** The largest image an upload may carry, in bytes (5 MB). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * What an image is for, which decides its size: a community image fits inside 1200 x 1200 pixels, a profile
 * picture is cropped to a square of at most 512 x 512.
 */
export const UploadPurposeSchema = z.enum(['community', 'profile'], { error: 'must be community or profile' });
export type UploadPurpose = z.infer<typeof UploadPurposeSchema>;

/**
 * The multipart form of POST /api/uploads/images, for the API document: the route reads the parts as they
 * stream in rather than through this schema.
 */
export const ImageUploadFormSchema = z
  .object({
    image: z.string().meta({ format: 'binary', description: 'A PNG, JPEG or WebP image of at most 5 MB (its type is read from its content).' }),
    purpose: UploadPurposeSchema.optional().meta({ description: 'community (the default) or profile' }),
  })
  .nullish();

/** A stored image: its address (to put in `imageUrl` or `communityImage`) and its size in pixels after re-encoding. */
export const UploadedImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;
