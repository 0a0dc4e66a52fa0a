//! Results too big to make: refused with `MemoryError` before the work
//! starts, never an abort of the interpreter.
//!
//! A request's size comes from its input (boards, `n` look-alikes of each,
//! `n` puzzles), so a small call can ask for terabytes. Each function first
//! estimates what its answer will take, here and in Python (a lower bound,
//! from the sizes below), and refuses one larger than the machine's memory;
//! then it allocates its big buffers fallibly ([`reserve`]), so that an
//! allocation the system refuses is a `MemoryError` too, where Rust's
//! infallible allocation would abort the process.

use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// What the Python side keeps of one record it turns into a dict (JSON
/// records: `transform`, `canon`, `hint`, `generate`): measured at 1.7 to
/// 2.5 KB, with the JSON line it is read from (about 400 bytes).
pub const RECORD_BYTES: u64 = 2_000;

/// The same for `explain`, whose records hold every step: measured at 35
/// KB and more.
pub const EXPLAINED_BYTES: u64 = 30_000;

/// The machine's memory in bytes, where the system says (asked once).
fn physical() -> Option<u64> {
    static PHYSICAL: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *PHYSICAL.get_or_init(ask_physical)
}

fn ask_physical() -> Option<u64> {
    #[cfg(any(target_os = "linux", target_os = "macos"))]
    {
        // SAFETY: sysconf reads system constants; it has no preconditions.
        let (pages, size) = unsafe {
            (
                libc::sysconf(libc::_SC_PHYS_PAGES),
                libc::sysconf(libc::_SC_PAGESIZE),
            )
        };
        if pages > 0 && size > 0 {
            return u64::try_from(pages)
                .ok()?
                .checked_mul(u64::try_from(size).ok()?);
        }
    }
    None
}

/// Bytes as a person reads them: `1.2 TiB`.
pub fn human(bytes: u128) -> String {
    const UNITS: [&str; 7] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// A count with thousands separators: `4,000,000,000`.
pub fn grouped(count: u128) -> String {
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Refuses a result of `count` `items` (e.g. "look-alikes") of about
/// `each` bytes apiece that cannot fit: more than the machine's memory, or
/// than any allocation may hold. `what` names the call (`transform`).
pub fn check(what: &str, count: u64, items: &str, each: u64) -> PyResult<()> {
    let bytes = u128::from(count) * u128::from(each);
    let most = isize::MAX as u128;
    let (limit, whose) = match physical() {
        Some(memory) if u128::from(memory) < most => (u128::from(memory), "this machine's"),
        _ => (most, "the largest allocation,"),
    };
    if bytes <= limit {
        return Ok(());
    }
    Err(PyMemoryError::new_err(format!(
        "{what}: {} {items} would take about {}, more than {whose} {} of memory",
        grouped(count.into()),
        human(bytes),
        human(limit)
    )))
}

/// Room for `count` more items in `vec`, reserved now; the `MemoryError`
/// naming the size if the system refuses it (or it overflows).
pub fn reserve<T>(vec: &mut Vec<T>, count: usize, what: &str) -> PyResult<()> {
    vec.try_reserve(count).map_err(|_| {
        let bytes = (count as u128) * (std::mem::size_of::<T>() as u128);
        PyMemoryError::new_err(format!(
            "{what}: cannot allocate {} for {} items",
            human(bytes),
            grouped(count as u128)
        ))
    })
}

/// An empty vector with room for `count` items, or the `MemoryError`.
pub fn with_capacity<T>(count: usize, what: &str) -> PyResult<Vec<T>> {
    let mut vec = Vec::new();
    reserve(&mut vec, count, what)?;
    Ok(vec)
}

/// `count` zero bytes, or the `MemoryError`.
pub fn zeroed(count: usize, what: &str) -> PyResult<Vec<u8>> {
    let mut vec = with_capacity(count, what)?;
    vec.resize(count, 0);
    Ok(vec)
}

/// Appends `bytes` to `out`, growing it fallibly.
pub fn append(out: &mut Vec<u8>, bytes: &[u8], what: &str) -> PyResult<()> {
    reserve(out, bytes.len(), what)?;
    out.extend_from_slice(bytes);
    Ok(())
}

/// `data` as a Python `bytes` object; a `MemoryError` where Python cannot
/// allocate it (`PyBytes::new` would panic).
pub fn bytes<'py>(py: Python<'py>, data: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, data.len(), |buffer| {
        buffer.copy_from_slice(data);
        Ok(())
    })
}
