//! Thumbnails and watermarks for uploaded images. Decoding is bounded (dimensions and
//! memory), so a hostile image cannot take the server's memory; callers run these on a
//! blocking thread.

use std::io::Cursor;

use font8x8::UnicodeFonts;
use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageFormat, ImageReader, Limits, Rgba, RgbaImage};

/// Largest side of a thumbnail, in pixels.
pub const THUMBNAIL_SIZE: u32 = 256;
const MAX_SIDE: u32 = 12_000;
const MAX_DECODE_BYTES: u64 = 512 * 1024 * 1024;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum MediaError {
    #[error("The file is not an image this server can read")]
    NotAnImage,
    #[error("The image is larger than {MAX_SIDE} pixels on a side or too large to process")]
    TooLarge,
    #[error("The image could not be encoded: {0}")]
    Encode(String),
}

/// An encoded image and its media type.
#[derive(Debug)]
pub struct Encoded {
    pub bytes: Vec<u8>,
    pub media_type: &'static str,
}

/// Whether this server can process images of `media_type`.
pub fn is_processable(media_type: &str) -> bool {
    matches!(media_type, "image/png" | "image/jpeg" | "image/webp" | "image/gif" | "image/bmp")
}

fn decode(bytes: &[u8]) -> Result<(DynamicImage, ImageFormat), MediaError> {
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format().map_err(|_| MediaError::NotAnImage)?;
    let format = reader.format().ok_or(MediaError::NotAnImage)?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let image = reader.decode().map_err(|e| match e {
        image::ImageError::Limits(_) => MediaError::TooLarge,
        _ => MediaError::NotAnImage,
    })?;
    Ok((image, format))
}

/// JPEG for opaque images (smaller), PNG when transparency matters or `keep_png`.
fn encode(image: &DynamicImage, keep_jpeg: bool) -> Result<Encoded, MediaError> {
    let mut bytes = Vec::new();
    let encode_err = |e: image::ImageError| MediaError::Encode(e.to_string());
    if keep_jpeg || !image.color().has_alpha() {
        JpegEncoder::new_with_quality(&mut bytes, 88).encode_image(&image.to_rgb8()).map_err(encode_err)?;
        Ok(Encoded { bytes, media_type: "image/jpeg" })
    } else {
        image.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png).map_err(encode_err)?;
        Ok(Encoded { bytes, media_type: "image/png" })
    }
}

/// A thumbnail no larger than [`THUMBNAIL_SIZE`] on either side, aspect kept.
pub fn thumbnail(bytes: &[u8]) -> Result<Encoded, MediaError> {
    let (image, _) = decode(bytes)?;
    let small = image.thumbnail(THUMBNAIL_SIZE, THUMBNAIL_SIZE);
    encode(&small, false)
}

/// The image with `text` tiled across it in translucent letters with a dark edge, so it
/// shows on light and dark pictures alike. JPEG stays JPEG; other formats become PNG.
pub fn watermark(bytes: &[u8], text: &str) -> Result<Encoded, MediaError> {
    let (image, format) = decode(bytes)?;
    let mut canvas = image.to_rgba8();
    stamp(&mut canvas, text);
    let marked = if image.color().has_alpha() {
        DynamicImage::ImageRgba8(canvas)
    } else {
        DynamicImage::ImageRgb8(DynamicImage::ImageRgba8(canvas).to_rgb8())
    };
    if format == ImageFormat::Jpeg {
        encode(&marked, true)
    } else {
        let mut bytes = Vec::new();
        marked.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png).map_err(|e| MediaError::Encode(e.to_string()))?;
        Ok(Encoded { bytes, media_type: "image/png" })
    }
}

/// Draws `text` in rows across the canvas, each row shifted, with the 8×8 font scaled to
/// the picture (about 1/40 of the width per letter height).
fn stamp(canvas: &mut RgbaImage, text: &str) {
    let glyphs: Vec<[u8; 8]> = text
        .chars()
        .map(|c| font8x8::BASIC_FONTS.get(if c.is_ascii() { c } else { '?' }).unwrap_or([0; 8]))
        .collect();
    if glyphs.is_empty() {
        return;
    }
    let (width, height) = canvas.dimensions();
    let scale = (width.max(height) / 320).max(1);
    let cell = 8 * scale;
    let text_width = cell * glyphs.len() as u32;
    let row_gap = cell * 5;
    let col_gap = text_width + cell * 4;
    let mut y = cell;
    let mut row = 0u32;
    while y < height {
        let mut x = (row % 2) * (col_gap / 2);
        while x < width {
            draw_text(canvas, &glyphs, x, y, scale);
            x += col_gap;
        }
        y += row_gap;
        row += 1;
    }
}

fn draw_text(canvas: &mut RgbaImage, glyphs: &[[u8; 8]], x0: u32, y0: u32, scale: u32) {
    const INK: Rgba<u8> = Rgba([255, 255, 255, 0]);
    const EDGE: Rgba<u8> = Rgba([0, 0, 0, 0]);
    for (i, glyph) in glyphs.iter().enumerate() {
        let gx = x0 + i as u32 * 8 * scale;
        for (row, bits) in glyph.iter().enumerate() {
            for col in 0..8u32 {
                if bits & (1 << col) == 0 {
                    continue;
                }
                let (px, py) = (gx + col * scale, y0 + row as u32 * scale);
                fill(canvas, px + scale.div_ceil(2), py + scale.div_ceil(2), scale, EDGE, 0.35);
                fill(canvas, px, py, scale, INK, 0.45);
            }
        }
    }
}

fn fill(canvas: &mut RgbaImage, x0: u32, y0: u32, size: u32, color: Rgba<u8>, alpha: f32) {
    let (width, height) = canvas.dimensions();
    for y in y0..(y0 + size).min(height) {
        for x in x0..(x0 + size).min(width) {
            let pixel = canvas.get_pixel_mut(x, y);
            for c in 0..3 {
                pixel[c] = (f32::from(pixel[c]) * (1.0 - alpha) + f32::from(color[c]) * alpha).round() as u8;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32, rgb: [u8; 3]) -> Vec<u8> {
        let image = DynamicImage::ImageRgb8(image::RgbImage::from_pixel(width, height, image::Rgb(rgb)));
        let mut bytes = Vec::new();
        image.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png).unwrap();
        bytes
    }

    #[test]
    fn thumbnails_fit_the_box_and_keep_the_aspect() {
        let out = thumbnail(&png(1200, 600, [30, 120, 200])).unwrap();
        assert_eq!(out.media_type, "image/jpeg");
        let small = image::load_from_memory(&out.bytes).unwrap();
        assert_eq!((small.width(), small.height()), (256, 128));
    }

    #[test]
    fn watermarks_change_pixels_where_the_text_is_and_keep_the_size() {
        let original = png(640, 480, [40, 40, 40]);
        let out = watermark(&original, "Waybill ops 2026-11-23").unwrap();
        assert_eq!(out.media_type, "image/png");
        let marked = image::load_from_memory(&out.bytes).unwrap().to_rgb8();
        assert_eq!(marked.dimensions(), (640, 480));
        let changed = marked.pixels().filter(|p| p.0 != [40, 40, 40]).count();
        let total = 640 * 480;
        assert!(changed > total / 50 && changed < total / 2, "{changed} of {total} pixels carry the mark");
        assert!(marked.pixels().any(|p| p.0[0] > 100), "light letters show on a dark picture");
    }

    #[test]
    fn non_images_and_oversized_images_are_refused() {
        assert_eq!(thumbnail(b"%PDF-1.7 not an image").unwrap_err(), MediaError::NotAnImage);
        // A PNG header that claims 20000×20000 pixels.
        let mut huge = png(1, 1, [0, 0, 0]);
        huge[16..20].copy_from_slice(&20_000u32.to_be_bytes());
        huge[20..24].copy_from_slice(&20_000u32.to_be_bytes());
        assert!(matches!(thumbnail(&huge), Err(MediaError::TooLarge | MediaError::NotAnImage)));
    }
}
