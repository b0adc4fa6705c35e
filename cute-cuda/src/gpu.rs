//! The device, its PTX module and its kernels.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use cudarc::driver::sys::{CUdevice_attribute, CUevent_flags, CUfunction_attribute};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaModule, CudaSlice, CudaStream, DeviceRepr, LaunchConfig,
    ValidAsZeroBits,
};
use cudarc::nvrtc::Ptx;

use crate::error::{Error, Result};
use crate::launch::{LaunchPlan, SharedMemory};
use crate::timing::Stats;

/// Whether the CUDA driver library can be opened here (`libcuda.so`); no
/// driver call is made.
pub fn driver_present() -> bool {
    // SAFETY: opens the library by name and closes it again; no symbol is
    // called.
    unsafe { cudarc::driver::sys::is_culib_present() }
}

/// One CUDA device: its context and the stream every call of this crate
/// runs on.
pub struct Gpu {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
}

impl Gpu {
    /// Device `ordinal`: [`Error::NoDriver`] when the driver library is
    /// not there (checked before any driver call, which would otherwise
    /// abort in cudarc), [`Error::NoDevice`] when the driver has no such
    /// device.
    pub fn new(ordinal: usize) -> Result<Self> {
        if !driver_present() {
            let mut searched: Vec<String> = Vec::new();
            for name in ["cuda", "nvcuda"]
                .iter()
                .flat_map(|l| cudarc::get_lib_name_candidates(l))
            {
                if !searched.contains(&name) {
                    searched.push(name);
                }
            }
            // The driver's usual names on Linux first.
            searched.sort_by_key(|n| match n.as_str() {
                "libcuda.so.1" => 0,
                "libcuda.so" => 1,
                _ => 2,
            });
            return Err(Error::NoDriver { searched });
        }
        let count = match CudaContext::device_count() {
            Ok(c) => c,
            // cuInit on a machine with the driver and no GPU.
            Err(e) if e.0 == cudarc::driver::sys::cudaError_enum::CUDA_ERROR_NO_DEVICE => 0,
            Err(e) => return Err(Error::driver("cuInit/cuDeviceGetCount", e)),
        };
        let count = usize::try_from(count).unwrap_or(0);
        if ordinal >= count {
            return Err(Error::NoDevice { ordinal, count });
        }
        let ctx = CudaContext::new(ordinal).map_err(|e| Error::driver("cuCtxCreate", e))?;
        let stream = ctx.default_stream();
        Ok(Gpu { ctx, stream })
    }

    /// Makes this device's context current on the calling thread.
    pub(crate) fn bind(&self) -> Result<()> {
        self.ctx
            .bind_to_thread()
            .map_err(|e| Error::driver("cuCtxSetCurrent", e))
    }

    /// The device's name, multiprocessor count and compute capability, as
    /// `NVIDIA H200, 132 SMs, cc 9.0`.
    pub fn describe(&self) -> Result<String> {
        let name = self
            .ctx
            .name()
            .map_err(|e| Error::driver("cuDeviceGetName", e))?;
        let sms = self.attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?;
        let (major, minor) = self
            .ctx
            .compute_capability()
            .map_err(|e| Error::driver("cuDeviceGetAttribute", e))?;
        Ok(format!("{name}, {sms} SMs, cc {major}.{minor}"))
    }

    /// A device attribute.
    pub fn attribute(&self, a: CUdevice_attribute) -> Result<i32> {
        self.ctx
            .attribute(a)
            .map_err(|e| Error::driver(format!("cuDeviceGetAttribute({a:?})"), e))
    }

    /// The stream.
    pub fn stream(&self) -> &Arc<CudaStream> {
        &self.stream
    }

    /// Waits for the stream.
    pub fn synchronize(&self) -> Result<()> {
        self.stream
            .synchronize()
            .map_err(|e| Error::driver("cuStreamSynchronize", e))
    }

    /// A device copy of `host`.
    pub fn upload<T: DeviceRepr>(&self, host: &[T]) -> Result<CudaSlice<T>> {
        self.stream
            .clone_htod(host)
            .map_err(|e| Error::driver("cuMemcpyHtoD", e))
    }

    /// `n` zeros on the device.
    pub fn zeros<T: DeviceRepr + ValidAsZeroBits>(&self, n: usize) -> Result<CudaSlice<T>> {
        self.stream
            .alloc_zeros(n)
            .map_err(|e| Error::driver("cuMemAlloc", e))
    }

    /// A host copy of `dev` (waits for the stream).
    pub fn download<T: DeviceRepr + Default + Clone>(&self, dev: &CudaSlice<T>) -> Result<Vec<T>> {
        self.stream
            .clone_dtoh(dev)
            .map_err(|e| Error::driver("cuMemcpyDtoH", e))
    }

    /// The device address of `dev`, for a [`KernelTensor`](cute_static::kernel_arg::KernelTensor)
    /// (never dereferenced on the host).
    pub fn address<T>(&self, dev: &CudaSlice<T>) -> *mut T {
        use cudarc::driver::DevicePtr;
        let (ptr, _sync) = dev.device_ptr(&self.stream);
        ptr as usize as *mut T
    }

    /// Loads a module: PTX text (JIT-compiled by the driver) or, for a path
    /// ending in `.cubin`, a binary.
    pub fn load(&self, source: &ModuleSource) -> Result<Module> {
        let (ptx, text) = match source {
            ModuleSource::Text { origin, text } => {
                if text.contains('\0') {
                    return Err(Error::PtxInvalid {
                        origin: origin.clone(),
                    });
                }
                (Ptx::from_src(text.clone()), Some(text.clone()))
            }
            ModuleSource::Cubin { path } => {
                let bytes = std::fs::read(path).map_err(|source| Error::Io {
                    path: path.clone(),
                    source,
                })?;
                (Ptx::from_binary(bytes), None)
            }
        };
        let module = self
            .ctx
            .load_module(ptx)
            .map_err(|e| Error::driver(format!("cuModuleLoadData({})", source.origin()), e))?;
        Ok(Module {
            module,
            entries: text.as_deref().map(ptx_entries),
        })
    }

    /// Times `launch` with events: `warmups` launches, then `reps` each
    /// between two events on the stream.
    pub fn time(
        &self,
        warmups: usize,
        reps: usize,
        mut launch: impl FnMut() -> Result<()>,
    ) -> Result<Stats> {
        for _ in 0..warmups {
            launch()?;
        }
        self.synchronize()?;
        let mut ms = Vec::with_capacity(reps);
        for _ in 0..reps {
            let event = || {
                self.ctx
                    .new_event(Some(CUevent_flags::CU_EVENT_DEFAULT))
                    .map_err(|e| Error::driver("cuEventCreate", e))
            };
            let (start, stop) = (event()?, event()?);
            start
                .record(&self.stream)
                .map_err(|e| Error::driver("cuEventRecord", e))?;
            launch()?;
            stop.record(&self.stream)
                .map_err(|e| Error::driver("cuEventRecord", e))?;
            ms.push(
                start
                    .elapsed_ms(&stop)
                    .map_err(|e| Error::driver("cuEventElapsedTime", e))?,
            );
        }
        Stats::of_ms(&ms).ok_or_else(|| Error::Launch {
            kernel: "timing".into(),
            reason: "no repetitions".into(),
        })
    }
}

/// Where a module comes from.
#[derive(Clone, Debug)]
pub enum ModuleSource {
    /// PTX text read from `origin` (a path, or `embedded`).
    Text {
        /// Where it was read from.
        origin: String,
        /// The PTX.
        text: String,
    },
    /// A cubin file (`ptxas` output).
    Cubin {
        /// Its path.
        path: PathBuf,
    },
}

/// The environment variable naming the PTX module (or a `.cubin`).
pub const PTX_ENV: &str = "CUTE_KERNELS_PTX";

/// The default build output of `kernels/ptx-check.sh`, relative to the
/// repository root.
pub const DEFAULT_PTX: &str = "kernels/target/nvptx64-nvidia-cuda/release/cute_kernels.ptx";

impl ModuleSource {
    /// The module at `path`: a cubin when the name ends in `.cubin`, PTX
    /// text otherwise.
    pub fn from_path(path: &Path) -> Result<Self> {
        if !path.is_file() {
            return Err(Error::PtxMissing {
                path: path.to_owned(),
                hint: "build it with kernels/ptx-check.sh (or RUSTC_BOOTSTRAP=1 cargo build --release -Zbuild-std=core --target nvptx64-nvidia-cuda in kernels/)".into(),
            });
        }
        if path.extension().is_some_and(|e| e == "cubin") {
            return Ok(ModuleSource::Cubin {
                path: path.to_owned(),
            });
        }
        let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
            path: path.to_owned(),
            source,
        })?;
        Ok(ModuleSource::Text {
            origin: path.display().to_string(),
            text,
        })
    }

    /// The module this crate runs by default: with the feature
    /// `embed-ptx`, the one embedded at build time; else the path in
    /// `CUTE_KERNELS_PTX`, else [`DEFAULT_PTX`] under the repository root.
    pub fn locate() -> Result<Self> {
        #[cfg(feature = "embed-ptx")]
        {
            Ok(ModuleSource::Text {
                origin: "embedded".into(),
                text: EMBEDDED_PTX.to_owned(),
            })
        }
        #[cfg(not(feature = "embed-ptx"))]
        {
            let path = match std::env::var_os(PTX_ENV) {
                Some(p) => PathBuf::from(p),
                None => Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("..")
                    .join(DEFAULT_PTX),
            };
            Self::from_path(&path)
        }
    }

    /// Where it was read from.
    pub fn origin(&self) -> String {
        match self {
            ModuleSource::Text { origin, .. } => origin.clone(),
            ModuleSource::Cubin { path } => path.display().to_string(),
        }
    }
}

/// The PTX module embedded with the feature `embed-ptx`: the default build
/// output of the kernels crate, read by the compiler (build it first).
#[cfg(feature = "embed-ptx")]
pub const EMBEDDED_PTX: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../kernels/target/nvptx64-nvidia-cuda/release/cute_kernels.ptx"
));

/// The `.visible .entry` names of a PTX text.
pub fn ptx_entries(ptx: &str) -> Vec<String> {
    ptx.lines()
        .filter_map(|l| l.trim().strip_prefix(".visible .entry "))
        .map(|r| r.split('(').next().unwrap_or("").trim().to_owned())
        .collect()
}

/// A loaded module.
pub struct Module {
    module: Arc<CudaModule>,
    /// The entry names, when the module is PTX text.
    entries: Option<Vec<String>>,
}

impl Module {
    /// Whether the module has a kernel `name` (from the PTX text; for a
    /// cubin, by asking the driver).
    pub fn has(&self, name: &str) -> bool {
        match &self.entries {
            Some(e) => e.iter().any(|n| n == name),
            None => self.module.load_function(name).is_ok(),
        }
    }

    /// The kernel `name`: [`Error::KernelMissing`] when the module has none.
    pub fn kernel(&self, name: &str) -> Result<Kernel> {
        if !self.has(name) {
            return Err(Error::KernelMissing { name: name.into() });
        }
        let function = self
            .module
            .load_function(name)
            .map_err(|e| Error::driver(format!("cuModuleGetFunction({name})"), e))?;
        Ok(Kernel {
            name: name.into(),
            function,
        })
    }
}

/// One kernel of a module.
pub struct Kernel {
    name: String,
    function: CudaFunction,
}

impl Kernel {
    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// A function attribute (registers, static shared bytes, …).
    pub fn attribute(&self, a: CUfunction_attribute) -> Result<i32> {
        self.function
            .get_attribute(a)
            .map_err(|e| Error::driver(format!("cuFuncGetAttribute({}, {a:?})", self.name), e))
    }

    /// The static shared memory the module declares for this kernel, in
    /// bytes.
    pub fn declared_shared_bytes(&self) -> Result<u64> {
        let b = self.attribute(CUfunction_attribute::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)?;
        Ok(u64::try_from(b).unwrap_or(0))
    }

    /// Prepares `plan` for this kernel on `gpu`: checks the block size
    /// against the kernel's limit; for static shared memory, that the
    /// module declares at least the layouts' bytes; for dynamic shared
    /// memory above 48 KiB, sets the opt-in attribute (within the
    /// device's opt-in limit). Returns the driver's launch configuration.
    pub fn configure(&self, gpu: &Gpu, plan: &LaunchPlan) -> Result<LaunchConfig> {
        let refuse = |reason: String| Error::Launch {
            kernel: self.name.clone(),
            reason,
        };
        let max_threads =
            self.attribute(CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?;
        if plan.threads() > max_threads as u64 {
            return Err(refuse(format!(
                "{} threads per block, the kernel allows {max_threads}",
                plan.threads()
            )));
        }
        let dynamic = match plan.shared {
            SharedMemory::Static(bytes) => {
                let declared = self.declared_shared_bytes()?;
                if declared < bytes {
                    return Err(refuse(format!(
                        "its shared layouts take {bytes} bytes (cosize x element size), the module declares only {declared}"
                    )));
                }
                0
            }
            SharedMemory::Dynamic(bytes) => {
                if bytes > SharedMemory::DEFAULT_LIMIT {
                    let optin = gpu.attribute(
                        CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                    )?;
                    if bytes > optin as u64 {
                        return Err(refuse(format!(
                            "{bytes} bytes of shared memory, the device allows {optin} per block"
                        )));
                    }
                    self.function
                        .set_attribute(
                            CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                            bytes as i32,
                        )
                        .map_err(|e| Error::driver("cuFuncSetAttribute", e))?;
                }
                bytes as u32
            }
        };
        Ok(LaunchConfig {
            grid_dim: plan.grid,
            block_dim: plan.block,
            shared_mem_bytes: dynamic,
        })
    }

    /// Launches with `cfg` and the arguments `push` adds to the builder.
    ///
    /// # Safety
    /// The arguments are the kernel's parameters, in order and of its
    /// types, and satisfy its contract (buffers large enough for the
    /// launch, no aliasing it forbids).
    pub unsafe fn launch<'a>(
        &'a self,
        gpu: &'a Gpu,
        cfg: LaunchConfig,
        push: impl FnOnce(&mut cudarc::driver::LaunchArgs<'a>),
    ) -> Result<()> {
        let mut args = gpu.stream.launch_builder(&self.function);
        push(&mut args);
        // SAFETY: the caller's contract.
        unsafe { args.launch(cfg) }
            .map(|_| ())
            .map_err(|e| Error::driver(format!("cuLaunchKernel({})", self.name), e))
    }
}
