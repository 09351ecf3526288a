//! An uploaded .xlsx read for an import (accounts, exam groups).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: {
        // The reader contains calamine's panics (it refuses the file): keep them quiet; libFuzzer
        // still stops on a panic that escapes.
        std::panic::set_hook(Box::new(|_| {}));
    },
    |data: &[u8]| {
        let _ = api::sheet::read_first_sheet(data.to_vec(), 1000, "行");
    }
);
