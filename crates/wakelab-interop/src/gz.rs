//! Minimal gzip (RFC 1952) reader for `compare-mmtests.pl --json-export`, which writes
//! `<benchmark>.json.gz`. Bounded output; the CRC is checked.

/// True when `b` starts with the gzip magic.
pub fn is_gzip(b: &[u8]) -> bool {
    b.len() >= 2 && b[0] == 0x1f && b[1] == 0x8b
}

/// CRC-32 (IEEE), as gzip stores it.
pub fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &b in data {
        crc ^= b as u32;
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xedb8_8320 & mask);
        }
    }
    !crc
}

/// Decompress one gzip member, refusing more than `max_out` bytes of output.
pub fn gunzip(b: &[u8], max_out: usize) -> Result<Vec<u8>, String> {
    let err = |m: &str| Err(format!("gzip: {m}"));
    if !is_gzip(b) {
        return err("not a gzip file");
    }
    if b.len() < 18 {
        return err("truncated header");
    }
    if b[2] != 8 {
        return err("unknown compression method (only deflate is supported)");
    }
    let flags = b[3];
    let mut p = 10usize;
    if flags & 0x04 != 0 {
        // FEXTRA
        if p + 2 > b.len() {
            return err("truncated extra field");
        }
        let n = u16::from_le_bytes([b[p], b[p + 1]]) as usize;
        p += 2 + n;
    }
    for bit in [0x08u8, 0x10] {
        // FNAME, FCOMMENT: zero-terminated
        if flags & bit != 0 {
            match b.get(p..).and_then(|r| r.iter().position(|&c| c == 0)) {
                Some(z) => p += z + 1,
                None => return err("truncated file name or comment"),
            }
        }
    }
    if flags & 0x02 != 0 {
        p += 2; // FHCRC
    }
    if p + 8 > b.len() {
        return err("truncated file");
    }
    let body = &b[p..b.len() - 8];
    let out = miniz_oxide::inflate::decompress_to_vec_with_limit(body, max_out).map_err(|e| {
        if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput {
            format!("gzip: the file expands to more than {max_out} bytes")
        } else {
            format!("gzip: corrupt data ({:?})", e.status)
        }
    })?;
    let t = &b[b.len() - 8..];
    let want_crc = u32::from_le_bytes([t[0], t[1], t[2], t[3]]);
    if crc32(&out) != want_crc {
        return err("CRC mismatch (corrupt file)");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_of_known_string() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    }

    #[test]
    fn round_trip_with_a_hand_made_member() {
        let data = b"{\"hello\": [1, 2, 3]}".repeat(20);
        let deflated = miniz_oxide::deflate::compress_to_vec(&data, 6);
        let mut gz = vec![0x1f, 0x8b, 8, 0x08, 0, 0, 0, 0, 0, 3];
        gz.extend_from_slice(b"tbench4.json\0");
        gz.extend_from_slice(&deflated);
        gz.extend_from_slice(&crc32(&data).to_le_bytes());
        gz.extend_from_slice(&(data.len() as u32).to_le_bytes());
        assert_eq!(gunzip(&gz, 1 << 20).unwrap(), data);
        assert!(gunzip(&gz, 10).unwrap_err().contains("more than 10 bytes"));
        let mut bad = gz.clone();
        let n = bad.len();
        bad[n - 5] ^= 0xff;
        assert!(gunzip(&bad, 1 << 20).unwrap_err().contains("CRC"));
        assert!(gunzip(&gz[..12], 1 << 20).is_err());
    }
}
