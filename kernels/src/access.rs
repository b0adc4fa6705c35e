//! Element accessors: slices on the host, raw pointers on the device.

/// Reads element `offset` of a buffer.
pub trait Load {
    /// The element at `offset`.
    fn load(&self, offset: usize) -> f32;
}

/// Writes element `offset` of a buffer.
pub trait Store {
    /// Set the element at `offset`.
    fn store(&mut self, offset: usize, value: f32);
}

/// Host accessor: a bounds-checked slice.
impl Load for &[f32] {
    #[inline(always)]
    fn load(&self, offset: usize) -> f32 {
        self[offset]
    }
}

/// Host accessor: a bounds-checked slice.
impl Load for &mut [f32] {
    #[inline(always)]
    fn load(&self, offset: usize) -> f32 {
        self[offset]
    }
}

/// Host accessor: a bounds-checked slice.
impl Store for &mut [f32] {
    #[inline(always)]
    fn store(&mut self, offset: usize, value: f32) {
        self[offset] = value;
    }
}
