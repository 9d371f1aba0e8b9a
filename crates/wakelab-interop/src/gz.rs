//! gzip (RFC 1952) input: `compare-mmtests.pl --json-export` writes `<benchmark>.json.gz`, and
//! scheduler traces are often gzip'ed. flate2 reads the members (concatenated ones too) and
//! checks each CRC; the output is bounded.

use std::io::Read;

/// True when `b` starts with the gzip magic.
pub fn is_gzip(b: &[u8]) -> bool {
    b.len() >= 2 && b[0] == 0x1f && b[1] == 0x8b
}

/// Decompress a gzip file, refusing more than `max_out` bytes of output.
pub fn gunzip(b: &[u8], max_out: usize) -> Result<Vec<u8>, String> {
    if !is_gzip(b) {
        return Err("gzip: not a gzip file".into());
    }
    let mut out = Vec::new();
    flate2::read::MultiGzDecoder::new(b)
        .take(max_out as u64 + 1)
        .read_to_end(&mut out)
        .map_err(|e| format!("gzip: corrupt or truncated file ({e})"))?;
    if out.len() > max_out {
        return Err(format!(
            "gzip: the file expands to more than {max_out} bytes"
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut e = flate2::GzBuilder::new()
            .filename("tbench4.json")
            .write(Vec::new(), flate2::Compression::new(6));
        e.write_all(data).unwrap();
        e.finish().unwrap()
    }

    #[test]
    fn round_trip_bounds_and_corruption() {
        let data = b"{\"hello\": [1, 2, 3]}".repeat(20);
        let gz = gzip(&data);
        assert_eq!(gunzip(&gz, 1 << 20).unwrap(), data);
        assert_eq!(gunzip(&gz, data.len()).unwrap(), data);
        assert!(gunzip(&gz, 10).unwrap_err().contains("more than 10 bytes"));
        let mut bad = gz.clone();
        let n = bad.len();
        bad[n - 5] ^= 0xff; // the CRC
        assert!(gunzip(&bad, 1 << 20).unwrap_err().contains("corrupt"));
        assert!(gunzip(&gz[..12], 1 << 20).is_err());
        assert!(
            gunzip(b"plain", 1 << 20)
                .unwrap_err()
                .contains("not a gzip")
        );
        // two members, as `cat a.gz b.gz` makes
        let two = [gzip(b"ab"), gzip(b"cd")].concat();
        assert_eq!(gunzip(&two, 100).unwrap(), b"abcd");
    }
}
