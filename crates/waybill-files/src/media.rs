//! Thumbnails and watermarks for uploaded images, with memory known before decoding.
//!
//! [`inspect`] reads only an image's header: its size in pixels and the bytes its decoded
//! pixels will take. Callers budget that memory before anything is decoded (the file
//! service runs at most a fixed amount of decoding at once, on blocking threads), and
//! [`process`] decodes once, with the decoder's allocation capped at the same figure,
//! stamps the watermark into the decoded pixels in place, and makes the thumbnail from
//! them — no second full-size copy.

use std::io::Cursor;

use font8x8::UnicodeFonts;
use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, GenericImage, GenericImageView, ImageDecoder, ImageFormat, ImageReader, Limits, Rgba};

/// Largest side of a thumbnail, in pixels.
pub const THUMBNAIL_SIZE: u32 = 256;
/// Most pixels processed in one image (about 50 megapixels), whatever memory allows.
pub const MAX_PIXELS: u64 = 50_000_000;
/// Bytes a decoder may use beyond the decoded pixels (row buffers, tables).
const DECODER_OVERHEAD: u64 = 4 * 1024 * 1024;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum MediaError {
    /// Not in any image format this server knows.
    #[error("The file is not an image this server can read")]
    NotAnImage,
    /// In a known image format, but broken or truncated.
    #[error("The image is damaged and cannot be read")]
    Undecodable,
    #[error("The image is {width} × {height} pixels, too large to process")]
    TooLarge { width: u32, height: u32 },
    #[error("The image could not be encoded: {0}")]
    Encode(String),
}

/// What an image's header says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageInfo {
    pub width: u32,
    pub height: u32,
    pub format: ImageFormat,
    /// Bytes the decoded pixels take.
    pub decoded_bytes: u64,
}

impl ImageInfo {
    /// Memory [`process`] needs for this image, whose encoded form is `encoded_len` bytes:
    /// the decoded pixels, the decoder's own buffers, and room for the encoded result.
    pub fn processing_bytes(&self, encoded_len: u64) -> u64 {
        self.decoded_bytes + DECODER_OVERHEAD + encoded_len.saturating_mul(2)
    }
}

/// An encoded image and its media type.
#[derive(Debug)]
pub struct Encoded {
    pub bytes: Vec<u8>,
    pub media_type: &'static str,
}

/// What [`process`] made.
#[derive(Debug, Default)]
pub struct Processed {
    pub watermarked: Option<Encoded>,
    pub thumbnail: Option<Encoded>,
}

/// Whether this server can process images of `media_type`.
pub fn is_processable(media_type: &str) -> bool {
    matches!(media_type, "image/png" | "image/jpeg" | "image/webp" | "image/gif" | "image/bmp")
}

fn reader(bytes: &[u8]) -> Result<ImageReader<Cursor<&[u8]>>, MediaError> {
    let reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format().map_err(|_| MediaError::NotAnImage)?;
    if reader.format().is_none() {
        return Err(MediaError::NotAnImage);
    }
    Ok(reader)
}

/// The image's header, read from its first bytes (`whole` says whether `head` is the
/// whole file). `Ok(None)` when a part of the file ends before the header does (JPEG
/// headers may come after long metadata): read more and ask again.
pub fn inspect(head: &[u8], whole: bool) -> Result<Option<ImageInfo>, MediaError> {
    let reader = reader(head)?;
    let format = reader.format().ok_or(MediaError::NotAnImage)?;
    let decoder = match reader.into_decoder() {
        Ok(decoder) => decoder,
        Err(_) if !whole => return Ok(None),
        Err(_) => return Err(MediaError::Undecodable),
    };
    let (width, height) = decoder.dimensions();
    let info = ImageInfo { width, height, format, decoded_bytes: decoder.total_bytes() };
    if width == 0 || height == 0 {
        return Err(MediaError::Undecodable);
    }
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(MediaError::TooLarge { width, height });
    }
    Ok(Some(info))
}

/// Decodes `bytes` once, within `info`'s memory, and makes what is asked: the image with
/// `watermark` tiled across it (JPEG stays JPEG, other formats become PNG), and a
/// thumbnail no larger than [`THUMBNAIL_SIZE`] (of the watermarked image, when both).
pub fn process(bytes: &[u8], info: &ImageInfo, watermark: Option<&str>, thumbnail: bool) -> Result<Processed, MediaError> {
    let mut reader = reader(bytes)?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(info.width);
    limits.max_image_height = Some(info.height);
    limits.max_alloc = Some(info.decoded_bytes + DECODER_OVERHEAD);
    reader.limits(limits);
    let mut image = reader.decode().map_err(|e| match e {
        image::ImageError::Limits(_) => MediaError::TooLarge { width: info.width, height: info.height },
        _ => MediaError::Undecodable,
    })?;
    let mut done = Processed::default();
    if let Some(text) = watermark {
        stamp(&mut image, text);
        done.watermarked = Some(if info.format == ImageFormat::Jpeg { encode_jpeg(&image)? } else { encode_png(&image)? });
    }
    if thumbnail {
        let small = image.thumbnail(THUMBNAIL_SIZE, THUMBNAIL_SIZE);
        drop(image);
        done.thumbnail = Some(if small.color().has_alpha() { encode_png(&small)? } else { encode_jpeg(&small)? });
    }
    Ok(done)
}

fn encode_err(e: image::ImageError) -> MediaError {
    MediaError::Encode(e.to_string())
}

fn encode_png(image: &DynamicImage) -> Result<Encoded, MediaError> {
    let mut bytes = Vec::new();
    image.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png).map_err(encode_err)?;
    Ok(Encoded { bytes, media_type: "image/png" })
}

/// JPEG from 8-bit grey or RGB pixels as they are; other layouts are converted first.
fn encode_jpeg(image: &DynamicImage) -> Result<Encoded, MediaError> {
    let mut bytes = Vec::new();
    let encoder = JpegEncoder::new_with_quality(&mut bytes, 88);
    match image {
        DynamicImage::ImageRgb8(_) | DynamicImage::ImageLuma8(_) => image.write_with_encoder(encoder),
        other => DynamicImage::ImageRgb8(other.to_rgb8()).write_with_encoder(encoder),
    }
    .map_err(encode_err)?;
    Ok(Encoded { bytes, media_type: "image/jpeg" })
}

/// Draws `text` in rows across the image in place, each row shifted, with the 8×8 font
/// scaled to the picture (about 1/40 of the width per letter height), in translucent
/// letters with a dark edge so it shows on light and dark pictures alike.
fn stamp(image: &mut DynamicImage, text: &str) {
    let glyphs: Vec<[u8; 8]> = text.chars().map(|c| font8x8::BASIC_FONTS.get(if c.is_ascii() { c } else { '?' }).unwrap_or([0; 8])).collect();
    if glyphs.is_empty() {
        return;
    }
    let (width, height) = image.dimensions();
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
            draw_text(image, &glyphs, x, y, scale);
            x += col_gap;
        }
        y += row_gap;
        row += 1;
    }
}

fn draw_text(image: &mut DynamicImage, glyphs: &[[u8; 8]], x0: u32, y0: u32, scale: u32) {
    const INK: [u8; 3] = [255, 255, 255];
    const EDGE: [u8; 3] = [0, 0, 0];
    for (i, glyph) in glyphs.iter().enumerate() {
        let gx = x0 + i as u32 * 8 * scale;
        for (row, bits) in glyph.iter().enumerate() {
            for col in 0..8u32 {
                if bits & (1 << col) == 0 {
                    continue;
                }
                let (px, py) = (gx + col * scale, y0 + row as u32 * scale);
                blend(image, px + scale.div_ceil(2), py + scale.div_ceil(2), scale, EDGE, 0.35);
                blend(image, px, py, scale, INK, 0.45);
            }
        }
    }
}

/// Blends a square of `color` into the image, whatever its pixel layout.
fn blend(image: &mut DynamicImage, x0: u32, y0: u32, size: u32, color: [u8; 3], alpha: f32) {
    let (width, height) = image.dimensions();
    for y in y0..(y0 + size).min(height) {
        for x in x0..(x0 + size).min(width) {
            let Rgba([r, g, b, a]) = image.get_pixel(x, y);
            let mix = |c: u8, ink: u8| (f32::from(c) * (1.0 - alpha) + f32::from(ink) * alpha).round() as u8;
            image.put_pixel(x, y, Rgba([mix(r, color[0]), mix(g, color[1]), mix(b, color[2]), a]));
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

    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xffff_ffffu32;
        for &byte in bytes {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }

    fn info(bytes: &[u8]) -> ImageInfo {
        inspect(bytes, true).unwrap().unwrap()
    }

    #[test]
    fn the_header_tells_size_and_memory_before_decoding() {
        let bytes = png(1200, 600, [1, 2, 3]);
        let found = inspect(&bytes[..64], false).unwrap().unwrap();
        assert_eq!((found.width, found.height, found.format), (1200, 600, ImageFormat::Png));
        assert_eq!(found.decoded_bytes, 1200 * 600 * 3);
        assert!(found.processing_bytes(bytes.len() as u64) > found.decoded_bytes);
        assert_eq!(inspect(&bytes[..20], false).unwrap(), None, "too short to tell yet");
    }

    #[test]
    fn thumbnails_fit_the_box_and_keep_the_aspect() {
        let bytes = png(1200, 600, [30, 120, 200]);
        let out = process(&bytes, &info(&bytes), None, true).unwrap();
        assert!(out.watermarked.is_none());
        let thumb = out.thumbnail.unwrap();
        assert_eq!(thumb.media_type, "image/jpeg");
        let small = image::load_from_memory(&thumb.bytes).unwrap();
        assert_eq!((small.width(), small.height()), (256, 128));
    }

    #[test]
    fn watermarks_change_pixels_where_the_text_is_and_keep_the_size() {
        let original = png(640, 480, [40, 40, 40]);
        let out = process(&original, &info(&original), Some("Waybill ops 2026-11-23"), true).unwrap();
        let marked = out.watermarked.unwrap();
        assert_eq!(marked.media_type, "image/png");
        let marked = image::load_from_memory(&marked.bytes).unwrap().to_rgb8();
        assert_eq!(marked.dimensions(), (640, 480));
        let changed = marked.pixels().filter(|p| p.0 != [40, 40, 40]).count();
        let total = 640 * 480;
        assert!(changed > total / 50 && changed < total / 2, "{changed} of {total} pixels carry the mark");
        assert!(marked.pixels().any(|p| p.0[0] > 100), "light letters show on a dark picture");
        let thumb = image::load_from_memory(&out.thumbnail.unwrap().bytes).unwrap().to_rgb8();
        assert!(thumb.pixels().any(|p| p.0 != [40, 40, 40]), "the thumbnail is of the watermarked image");
    }

    #[test]
    fn jpeg_stays_jpeg_and_alpha_survives() {
        let mut jpeg = Vec::new();
        DynamicImage::ImageRgb8(image::RgbImage::from_pixel(400, 300, image::Rgb([200, 200, 200])))
            .write_to(&mut Cursor::new(&mut jpeg), ImageFormat::Jpeg)
            .unwrap();
        let out = process(&jpeg, &info(&jpeg), Some("ops"), false).unwrap();
        assert_eq!(out.watermarked.unwrap().media_type, "image/jpeg");
        let mut rgba = Vec::new();
        DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(300, 300, Rgba([0, 0, 0, 0]))).write_to(&mut Cursor::new(&mut rgba), ImageFormat::Png).unwrap();
        let out = process(&rgba, &info(&rgba), Some("ops"), true).unwrap();
        let marked = image::load_from_memory(&out.watermarked.unwrap().bytes).unwrap();
        assert!(marked.color().has_alpha());
        assert_eq!(out.thumbnail.unwrap().media_type, "image/png");
    }

    #[test]
    fn non_images_and_oversized_images_are_refused_before_decoding() {
        assert_eq!(inspect(b"%PDF-1.7 not an image", true).unwrap_err(), MediaError::NotAnImage);
        assert_eq!(inspect(b"\x89PNG\r\n\x1a\nnot really", true).unwrap_err(), MediaError::Undecodable);
        // A PNG header that claims 11000 × 11000 pixels, with its checksum right.
        let mut huge = png(1, 1, [0, 0, 0]);
        huge[16..20].copy_from_slice(&11_000u32.to_be_bytes());
        huge[20..24].copy_from_slice(&11_000u32.to_be_bytes());
        let crc = crc32(&huge[12..29]);
        huge[29..33].copy_from_slice(&crc.to_be_bytes());
        assert_eq!(inspect(&huge, true).unwrap_err(), MediaError::TooLarge { width: 11_000, height: 11_000 });
        // A header that lies about a small size cannot make the decoder allocate more.
        let real = png(2000, 2000, [9, 9, 9]);
        let mut lying = info(&real);
        lying.width = 10;
        lying.height = 10;
        lying.decoded_bytes = 300;
        assert!(process(&real, &lying, None, true).is_err());
    }
}
